//! A small seeded random generator (SplitMix64) for digital dice and the random player.
//! Deterministic for a seed, so a game rolled with `--seed N` can be reproduced.

/// A SplitMix64 generator: its whole state is one `u64`.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed`; the same seed gives the same sequence.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// A generator for the `n`-th roll of a game, independent of how many were drawn
    /// before (so a resumed game rolls the same dice it would have without the crash).
    pub fn for_roll(seed: u64, n: u64) -> Rng {
        let mut r = Rng(seed ^ n.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        r.next_u64();
        r
    }

    /// A generator for the `n`-th of a run (a game of `selfplay` and `lab`, a five-dice
    /// game's `n`-th roll, a bot's `n`-th answer): the seed and `n` each scrambled before
    /// they meet. `for_roll(seed, n)` starts from `seed ^ n × step`, the generator's own
    /// step, so with seed 0 each game's stream was the one before it one draw on — every
    /// roll of game `n + 1` the same roll of game `n` but one die — and with small seeds
    /// neighbouring rolls often shared dice (`--seed 8`: Bob rolled Ann's five dice).
    /// (Fleet's digital dice keep `for_roll`, which its seeded saves and tests roll by; with
    /// a seed from the clock its streams were never seen to meet.)
    pub fn stream(seed: u64, n: u64) -> Rng {
        let mut r = Rng(Rng(seed).next_u64() ^ Rng(n ^ 0xD1B5_4A32_D192_ED03).next_u64());
        r.next_u64();
        r
    }

    /// The next 64 random bits.
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in 0..n (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        // Rejection sampling keeps it exactly uniform.
        let n64 = n as u64;
        let zone = u64::MAX - (u64::MAX % n64);
        loop {
            let v = self.next_u64();
            if v < zone {
                return (v % n64) as usize;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_sequence_and_every_value_reached() {
        let a: Vec<usize> = {
            let mut r = Rng::new(7);
            (0..200).map(|_| r.below(6)).collect()
        };
        let b: Vec<usize> = {
            let mut r = Rng::new(7);
            (0..200).map(|_| r.below(6)).collect()
        };
        assert_eq!(a, b);
        assert!((0..6).all(|v| a.contains(&v)));
        assert_ne!(Rng::for_roll(7, 1).next_u64(), Rng::for_roll(7, 2).next_u64());
    }

    /// Neighbouring games of a run draw streams of their own: never the one before a draw
    /// or a few on — as `for_roll`'s did for every game with seed 0 —, nor another seed's.
    #[test]
    fn neighbouring_games_draw_streams_of_their_own() {
        fn draws(mut r: Rng) -> Vec<u64> {
            (0..8).map(|_| r.next_u64()).collect()
        }
        let shifted = |a: &[u64], b: &[u64]| (1..4).any(|k| a[k..] == b[..8 - k] || b[k..] == a[..8 - k]);
        assert!(shifted(&draws(Rng::for_roll(0, 5)), &draws(Rng::for_roll(0, 6))), "the flaw this fixes");
        for seed in 0..64 {
            for n in 0..64 {
                let now = draws(Rng::stream(seed, n));
                assert!(!shifted(&now, &draws(Rng::stream(seed, n + 1))), "seed {seed}, game {n}");
                assert!(!shifted(&now, &draws(Rng::stream(seed + 1, n))), "seed {seed} and the next, game {n}");
            }
        }
    }
}
