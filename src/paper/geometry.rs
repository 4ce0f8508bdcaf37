//! Plane geometry of a photographed page: the homography from page millimetres to photo
//! pixels (in the `deckhand-pixels` crate, with the other pixel loops).

pub use deckhand_pixels::geometry::Homography;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fitted_homography_maps_its_points_and_others_of_the_plane() {
        let truth = Homography { h: [2.0, 0.3, 100.0, -0.2, 1.7, 50.0, 0.0004, -0.0002, 1.0] };
        let from: Vec<(f64, f64)> = [(0.0, 0.0), (297.0, 0.0), (297.0, 210.0), (0.0, 210.0), (150.0, 80.0)].to_vec();
        let to: Vec<(f64, f64)> = from.iter().map(|(x, y)| truth.apply(*x, *y)).collect();
        let fit = Homography::fit(&from, &to).unwrap();
        for (x, y) in [(10.0, 20.0), (250.0, 190.0)] {
            let (a, b) = (truth.apply(x, y), fit.apply(x, y));
            assert!((a.0 - b.0).abs() < 1e-6 && (a.1 - b.1).abs() < 1e-6, "{a:?} {b:?}");
        }
        assert!(Homography::fit(&from[..3], &to[..3]).is_none(), "three points do not fix one");
        let line: Vec<(f64, f64)> = (0..5).map(|i| (i as f64, 2.0 * i as f64)).collect();
        assert!(Homography::fit(&line, &to).is_none(), "points on one line do not either");
    }
}
