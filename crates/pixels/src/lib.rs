//! deckhand's photo kernels: the pixel loops behind `deckhand scan` (decode, QR search,
//! alignment, box ink) and the paper benchmark's synthetic camera. They live in a crate of
//! their own so the debug and test builds can optimise them alone (deckhand's Cargo.toml,
//! `[profile.dev.package.deckhand-pixels]`); what a box or a page means stays in deckhand
//! (`src/paper/`).

pub mod camera;
pub mod geometry;
pub mod grey;
pub mod ink;
pub mod par;
pub mod qr;

pub use geometry::Homography;
pub use grey::{Grey, LoadError};
