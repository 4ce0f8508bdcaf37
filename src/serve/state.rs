//! The table as the server and the host terminal share it: the library's Fleet table
//! behind its one lock (`games::table::Shared`) with what the pages need to say it — the
//! rules, the table's language, the players' names — and the views rendered once per
//! version. Every answer, ahead and undo is handed to the table's one door as it came
//! (the seat, the version its page saw, what it said); the table's refusal comes back in
//! the table's language with the legal answers. Offers, versions, held early answers and
//! bot seats are the table's own (`games::fleet::table`).

use std::sync::{Arc, Mutex};

use crate::games::fleet::table::{FleetTable, Refused, Told};
use crate::games::fleet::FleetRules;
use crate::games::table::{Said, Screen, Shared};
use crate::log::Journal;
use crate::text::Lang;

/// The shared Fleet table of a game with its save.
pub type FleetShared = Shared<FleetTable<Journal>>;

/// How many lines of what happened the pages show.
const LOG_LINES: usize = 30;

/// The table's refusal of an answer, an ahead or an undo, as a page is told it: its HTTP
/// status, the sentence in the table's language and the legal answers it names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rejected {
    /// How HTTP tells it apart.
    pub status: Status,
    /// The sentence.
    pub text: String,
    /// The legal answers, where the refusal names them.
    pub legal: Vec<String>,
}

/// A refusal's kind, as HTTP tells them apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// The save could not be written: the table takes no more answers.
    Stopped,
    /// Another seat's question.
    Theirs,
    /// Anything else: nothing changed.
    Conflict,
}

/// The table the server and the terminal share, with its words.
pub struct Served {
    /// The table behind its lock.
    pub shared: FleetShared,
    pub rules: FleetRules,
    pub lang: Lang,
    pub names: Vec<String>,
    /// Rendered views, by (version, view), so seven screens cost one rendering each; and
    /// the log's lines of the version.
    cache: Mutex<Cache>,
}

#[derive(Default)]
struct Cache {
    views: Vec<(u64, usize, Arc<String>)>,
    log: Option<(u64, Arc<Vec<String>>)>,
}

impl Served {
    /// The served table of `shared`, said in `lang`.
    pub fn new(shared: FleetShared, lang: Lang) -> Served {
        let (rules, names) = shared.read(|t| (t.rules.clone(), t.session().names.clone()));
        Served { shared, rules, lang, names, cache: Mutex::new(Cache::default()) }
    }

    /// The state's version (without the lock).
    pub fn version(&self) -> u64 {
        self.shared.version()
    }

    /// A seat's answer from its page, which saw version `seen`, handed to the table.
    pub fn answer(&self, seat: usize, seen: u64, said: Said) -> Result<(), Rejected> {
        self.shared.change(|t| t.answer(Screen::Seat(seat), seen, said).map(|_| ()).map_err(|r| self.turned(t, &r)))
    }

    /// A seat's undo from its page, which saw version `seen`.
    pub fn undo(&self, seat: usize, seen: u64) -> Result<(), Rejected> {
        self.shared.change(|t| t.undo(Screen::Seat(seat), seen).map_err(|r| self.turned(t, &r)))
    }

    /// What a seat's page asks after the first links of a chain (`FleetTable::ahead`), made
    /// into the page's view by `render` under the lock. None: the links end the chain.
    pub fn ahead<T>(
        &self,
        seat: usize,
        seen: u64,
        links: &[Vec<String>],
        render: impl FnOnce(&FleetTable<Journal>, &crate::games::fleet::table::Ahead) -> T,
    ) -> Result<Option<T>, Rejected> {
        self.shared.change(|t| match t.ahead(seat, seen, links) {
            Ok(ahead) => Ok(ahead.map(|a| render(t, &a))),
            Err(r) => Err(self.turned(t, &r)),
        })
    }

    /// A refusal of the table in the table's language.
    pub fn turned(&self, t: &FleetTable<Journal>, r: &Refused) -> Rejected {
        let (text, legal) =
            crate::text::fleet_entry::refused(&self.rules, &t.session().game, r, t.stopped(), self.lang);
        let status = match r {
            Refused::Stopped => Status::Stopped,
            Refused::Theirs(_) => Status::Theirs,
            _ => Status::Conflict,
        };
        Rejected { status, text, legal }
    }

    /// The view `index` (a seat's, or the dashboard's after the seats) of the version as
    /// it stands, rendered by `render` once per version; with the version.
    pub fn view(
        &self,
        index: usize,
        render: impl FnOnce(&FleetTable<Journal>, &[String]) -> String,
    ) -> (u64, Arc<String>) {
        self.shared.read_with_told(crate::games::table::shared::KEPT, |t, told| {
            let version = crate::games::table::Table::version(t);
            let mut cache = self.cache.lock().unwrap_or_else(|p| p.into_inner());
            if let Some((_, _, json)) = cache.views.iter().find(|(v, i, _)| *v == version && *i == index) {
                return (version, Arc::clone(json));
            }
            let log = match &cache.log {
                Some((v, lines)) if *v == version => Arc::clone(lines),
                _ => {
                    let lines = Arc::new(self.log(&told));
                    cache.log = Some((version, Arc::clone(&lines)));
                    lines
                }
            };
            let json = Arc::new(render(t, &log));
            cache.views.retain(|(v, _, _)| *v == version);
            cache.views.push((version, index, Arc::clone(&json)));
            (version, json)
        })
    }

    /// The last lines of what happened, last first, in the table's language.
    fn log(&self, told: &[&Told]) -> Vec<String> {
        told.iter()
            .rev()
            .filter_map(|t| crate::text::fleet_entry::told(&self.rules, t, self.lang))
            .take(LOG_LINES)
            .collect()
    }

    /// Wake every waiting screen (the host stops).
    pub fn notify(&self) {
        self.shared.notify();
    }
}

#[cfg(test)]
mod tests;
