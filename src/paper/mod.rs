//! Paper in, paper out: pads printed from a game's layout and photos of filled pads read
//! back (`deckhand pad`, `deckhand scan`).
//!
//! One page model (`layout`: every box with what it means, its outline and its place in
//! millimetres) is what `draw` prints (PDF, SVG), what `read` samples a photo at, and what
//! `synth` paints for the benchmark. `photo` decodes photos within bounds; `geometry` is
//! the homography; `sheet` turns what was read into the sheets `check` and `score` read,
//! with the boxes to ask about.

pub mod draw;
pub mod geometry;
pub mod layout;
pub mod photo;
pub mod read;
pub mod sheet;
pub mod synth;
