//! The chance of winning: each player's final score as a distribution over whole numbers
//! (exact, or the normal curve of its mean and variance rounded to whole points), the
//! players independent. A tie for the top counts half, as between two players it is half a
//! win.

/// How far from the mean a normal curve is followed, in standard deviations (the chance
/// beyond is below 1e-15).
const REACH: f64 = 8.0;

/// Below this a standard deviation is none: the score is known.
const KNOWN: f64 = 1e-9;

/// `erfc(x)`, to a fractional error below 1.2e-7 everywhere (the Chebyshev fit of
/// Numerical Recipes' `erfcc`).
pub fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98 + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 {
        r
    } else {
        2.0 - r
    }
}

/// A score's distribution over whole numbers: `p[i]` the chance of `lo + i`.
#[derive(Debug, Clone, PartialEq)]
pub struct Dist {
    /// The lowest score held.
    pub lo: i64,
    /// The chances from `lo` up (summing to 1).
    pub p: Vec<f64>,
}

impl Dist {
    /// A score known for sure.
    pub fn known(x: i64) -> Dist {
        Dist { lo: x, p: vec![1.0] }
    }

    /// The normal curve of `mean` and standard deviation `sd`, rounded to whole numbers
    /// (a known score, rounded, when `sd` is 0).
    pub fn normal(mean: f64, sd: f64) -> Dist {
        if sd < KNOWN {
            return Dist::known(mean.round() as i64);
        }
        let lo = (mean - REACH * sd).floor() as i64;
        let hi = (mean + REACH * sd).ceil() as i64;
        let cdf = |x: i64| 0.5 * erfc(-((x as f64 + 0.5 - mean) / sd) / std::f64::consts::SQRT_2);
        let mut below = cdf(lo - 1);
        let mut p = Vec::with_capacity((hi - lo + 1) as usize);
        for x in lo..=hi {
            let upto = cdf(x);
            p.push(upto - below);
            below = upto;
        }
        // The tails beyond the reach (below 1e-15) go to the ends.
        p[0] += cdf(lo - 1);
        let last = p.len() - 1;
        p[last] += 1.0 - below;
        Dist { lo, p }
    }

    /// The distribution of `shift + X` for `X` drawn from each part with its weight (the
    /// weights summing to 1).
    pub fn mix(parts: &[(f64, i64, &Dist)]) -> Dist {
        let lo = parts.iter().map(|(_, s, d)| d.lo + s).min().unwrap_or(0);
        let hi = parts.iter().map(|(_, s, d)| d.hi() + s).max().unwrap_or(0);
        let mut p = vec![0.0; (hi - lo + 1).max(1) as usize];
        for (w, s, d) in parts {
            let at = (d.lo + s - lo) as usize;
            for (i, q) in d.p.iter().enumerate() {
                p[at + i] += w * q;
            }
        }
        Dist { lo, p }
    }

    /// The highest score held.
    pub fn hi(&self) -> i64 {
        self.lo + self.p.len() as i64 - 1
    }

    /// The mean.
    pub fn mean(&self) -> f64 {
        self.p.iter().enumerate().map(|(i, q)| (self.lo + i as i64) as f64 * q).sum()
    }
}

/// The other players' final scores, ready to be beaten: for each whole score `x`, the
/// chance that every other player ends at most `x`.
#[derive(Debug, Clone)]
pub struct Field {
    /// The lowest score held (below it the chance is 0).
    lo: i64,
    /// `below[i]`: the chance every other player ends at most `lo + i`; 1 past the end.
    below: Vec<f64>,
    /// No other player: every score wins.
    empty: bool,
}

impl Field {
    /// The field of these other players' final scores.
    pub fn new(others: &[Dist]) -> Field {
        if others.is_empty() {
            return Field { lo: 0, below: Vec::new(), empty: true };
        }
        let lo = others.iter().map(|d| d.lo).min().expect("others");
        let hi = others.iter().map(Dist::hi).max().expect("others");
        let mut below = vec![1.0; (hi - lo + 1) as usize];
        for d in others {
            let mut acc = 0.0;
            for (x, b) in (lo..=hi).zip(below.iter_mut()) {
                if x >= d.lo && x <= d.hi() {
                    acc += d.p[(x - d.lo) as usize];
                }
                *b *= if x >= d.hi() { 1.0 } else { acc.min(1.0) };
            }
        }
        Field { lo, below, empty: false }
    }

    /// The chance every other player ends at most `x`.
    fn at_most(&self, x: i64) -> f64 {
        if self.empty {
            return 1.0;
        }
        if x < self.lo {
            return 0.0;
        }
        self.below.get((x - self.lo) as usize).copied().unwrap_or(1.0)
    }

    /// The chance that a player whose final score is `shift + X`, `X` drawn from `me`,
    /// wins against this field (a tie for the top counted half).
    pub fn win_chance(&self, shift: i64, me: &Dist) -> f64 {
        let mut win = 0.0;
        for (i, q) in me.p.iter().enumerate() {
            if *q > 0.0 {
                let x = shift + me.lo + i as i64;
                win += q * 0.5 * (self.at_most(x) + self.at_most(x - 1));
            }
        }
        win.clamp(0.0, 1.0)
    }
}
