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
}
