//! Work shared out over a few threads (`std::thread::scope`), with results in the order of
//! the items whatever the number of threads: a reading on one thread and on two gives the
//! same numbers, since each item is computed by the same code from the same inputs.

/// The threads `scan` reads a photo on: `DECKHAND_THREADS` when set (1 to 64), else the
/// machine's cores, at most 4 (the work per photo is a few hundred milliseconds; more
/// threads would mostly wait for each other).
pub fn default_threads() -> usize {
    if let Some(n) = std::env::var("DECKHAND_THREADS").ok().and_then(|v| v.trim().parse::<usize>().ok()) {
        return n.clamp(1, 64);
    }
    std::thread::available_parallelism().map_or(1, |n| n.get()).clamp(1, 4)
}

/// `f` over every item, in order, on up to `threads` threads: the items are cut into one
/// run of neighbours per thread (boxes near one another cost about the same).
pub fn map<T: Sync, R: Send>(items: &[T], threads: usize, f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let threads = threads.clamp(1, items.len().max(1));
    if threads == 1 {
        return items.iter().map(f).collect();
    }
    let per = items.len().div_ceil(threads);
    let f = &f;
    std::thread::scope(|s| {
        let parts: Vec<_> =
            items.chunks(per).map(|chunk| s.spawn(move || chunk.iter().map(f).collect::<Vec<R>>())).collect();
        parts.into_iter().flat_map(|p| p.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).collect()
    })
}

/// `f` over the indices `0..n`, in order, on up to `threads` threads (as [`map`]).
pub fn map_range<R: Send>(n: usize, threads: usize, f: impl Fn(usize) -> R + Sync) -> Vec<R> {
    let idx: Vec<usize> = (0..n).collect();
    map(&idx, threads, |i| f(*i))
}

/// Two jobs at once when `threads` > 1, one after the other otherwise.
pub fn join<A: Send, B: Send>(threads: usize, a: impl FnOnce() -> A + Send, b: impl FnOnce() -> B + Send) -> (A, B) {
    if threads <= 1 {
        return (a(), b());
    }
    std::thread::scope(|s| {
        let hb = s.spawn(b);
        let ra = a();
        (ra, hb.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_in_order_on_any_number_of_threads() {
        let items: Vec<u64> = (0..103).collect();
        let one = map(&items, 1, |x| x * x + 1);
        for t in [2, 3, 4, 200] {
            assert_eq!(map(&items, t, |x| x * x + 1), one, "{t} threads");
        }
        assert_eq!(map_range(5, 2, |i| i * 2), vec![0, 2, 4, 6, 8]);
        assert!(map(&[] as &[u8], 2, |x| *x).is_empty());
        assert_eq!(join(2, || 1, || "b"), (1, "b"));
    }
}
