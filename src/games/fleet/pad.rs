//! A sheet as it looks on the pad, as data: the boat half-sheet (the boat-type columns side
//! by side, each with its licenses and boats) and the town half-sheet (harbor ships, wharf
//! buildings, the buffet hexes, the salvage stars, the coin track with its stars). The
//! terminal drawing (`text::pad`) and the web page draw from the same view.

use super::sheet::{boat_slots_of, Mark, Sheet};
use super::{ColumnBox, FleetRules, SectionKind};

/// The shape of a box on the pad.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// A plain box.
    Box,
    /// A circle of a boat-type column: L (license), B (boat), ? (either).
    Column(ColumnBox),
    /// An activation circle of a harbor ship or wharf building.
    Circle,
}

/// One box: its shape and what is on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cell {
    /// Its shape.
    pub shape: Shape,
    /// Its mark.
    pub mark: Mark,
}

/// A boat of a boat type or a harbor ship.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Boat {
    /// Its launch box is marked.
    pub launched: bool,
    /// Fish on it.
    pub fish: u32,
    /// Its fish boxes (0: it catches none).
    pub capacity: u32,
}

/// A boat-type column with its licenses and boats.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Column {
    /// The boat type (index into `FleetRules::boat_types`).
    pub boat_type: usize,
    /// The column's boxes, top to bottom.
    pub boxes: Vec<Cell>,
    /// Its license boxes, level 1 first.
    pub licenses: Vec<Mark>,
    /// Its boats, top to bottom.
    pub boats: Vec<Boat>,
}

/// A harbor ship or wharf building: a row of boxes (and the ship's boats).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// The ship's or building's section (index into `FleetRules::sections`).
    pub section: usize,
    /// Its boxes, left to right.
    pub boxes: Vec<Cell>,
    /// The harbor ship's boats, one per launching circle (none for a wharf building).
    pub boats: Vec<Boat>,
}

/// A box of the coin track.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Coin {
    /// Its mark.
    pub mark: Mark,
    /// A star box: marking it gives a star action.
    pub star: bool,
}

/// The whole sheet as the pad shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pad {
    /// The boat sheet: one column per boat type, in the rules' order.
    pub columns: Vec<Column>,
    /// The town sheet's harbor ships.
    pub harbor: Vec<Row>,
    /// The town sheet's wharf buildings.
    pub wharf: Vec<Row>,
    /// The seafood buffet hexes, one per boat type.
    pub hexes: Vec<Mark>,
    /// The salvage yard's stars, one per star action it gives.
    pub salvage_stars: Vec<Mark>,
    /// The coin track, box by box.
    pub coins: Vec<Coin>,
}

fn boats(rules: &FleetRules, sheet: &Sheet, section: usize) -> Vec<Boat> {
    boat_slots_of(rules, section)
        .iter()
        .map(|b| Boat { launched: sheet.is_launched(b), fish: sheet.fish_on(b), capacity: sheet.capacity(rules, b) })
        .collect()
}

/// The pad view of a sheet.
pub fn pad(rules: &FleetRules, sheet: &Sheet) -> Pad {
    let marks = |s: usize| sheet.boxes[s].to_vec();
    let columns = (0..rules.boat_types.len())
        .map(|t| {
            let col = rules.section_of(SectionKind::Column(t));
            let boxes = rules.boat_types[t]
                .column
                .iter()
                .zip(&sheet.boxes[col])
                .map(|(kind, mark)| Cell {
                    shape: if *kind == ColumnBox::Plain { Shape::Box } else { Shape::Column(*kind) },
                    mark: *mark,
                })
                .collect();
            Column {
                boat_type: t,
                boxes,
                licenses: marks(rules.section_of(SectionKind::Licenses(t))),
                boats: boats(rules, sheet, rules.section_of(SectionKind::Boats(t))),
            }
        })
        .collect();
    let row = |section: usize, circles: &[bool], with_boats: bool| Row {
        section,
        boxes: circles
            .iter()
            .zip(&sheet.boxes[section])
            .map(|(circle, mark)| Cell { shape: if *circle { Shape::Circle } else { Shape::Box }, mark: *mark })
            .collect(),
        boats: if with_boats { boats(rules, sheet, section) } else { Vec::new() },
    };
    let harbor = (0..rules.harbor.len())
        .map(|h| row(rules.section_of(SectionKind::Harbor(h)), &rules.harbor[h].circles, true))
        .collect();
    let wharf = (0..rules.wharf.len())
        .map(|b| row(rules.section_of(SectionKind::Wharf(b)), &rules.wharf[b].circles, false))
        .collect();
    let coin = rules.section_of(SectionKind::Coins);
    Pad {
        columns,
        harbor,
        wharf,
        hexes: marks(rules.section_of(SectionKind::BuffetHexes)),
        salvage_stars: marks(rules.section_of(SectionKind::SalvageStars)),
        coins: sheet.boxes[coin]
            .iter()
            .zip(&rules.coin_stars)
            .map(|(m, star)| Coin { mark: *m, star: *star })
            .collect(),
    }
}
