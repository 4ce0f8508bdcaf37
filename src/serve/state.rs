//! Fleet's table as the server and the host terminal share it: the library's Fleet table
//! behind its one lock (`games::table::Shared`) with what the pages need to say it — the
//! rules, the table's language, the players' names, how the final table is computed —
//! and the views rendered once per version (`view.rs`). Every answer, ahead and undo is
//! handed to the table's one door as it came (the seat, the version its page saw, what it
//! said); the table's refusal comes back in the table's language with the legal answers.
//! Offers, versions, held early answers and bot seats are the table's own
//! (`games::fleet::table`).

use std::sync::{Arc, Mutex};

use super::{Frame, Hosted, Rejected, Status};
use crate::games::fleet::table::{FleetTable, Refused, Told};
use crate::games::fleet::{FleetRules, Sheet};
use crate::games::table::shared::Watched;
use crate::games::table::{Said, Screen, Shared};
use crate::report::Standings;
use crate::store::Journal;
use crate::text::Lang;

/// How the final table is computed (the command layer's, so the pages show exactly what
/// `deckhand score` prints).
pub type StandingsFn = fn(&FleetRules, &[&Sheet], &[usize], Lang) -> Standings;

/// The shared Fleet table of a game with its save.
pub type FleetShared = Shared<FleetTable<Journal>>;

/// How many lines of what happened the pages show.
const LOG_LINES: usize = 30;

/// The table the server and the terminal share, with its words.
pub struct Served {
    /// The table behind its lock (the host terminal holds it too).
    pub shared: Arc<FleetShared>,
    pub rules: FleetRules,
    pub lang: Lang,
    pub names: Vec<String>,
    /// How the final table is computed.
    pub standings: StandingsFn,
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
    /// The served table of `shared`, said in `lang`, its final table computed by `standings`.
    pub fn new(shared: Arc<FleetShared>, lang: Lang, standings: StandingsFn) -> Served {
        let (rules, names) = shared.read(|t| (t.rules.clone(), t.session().names.clone()));
        Served { shared, rules, lang, names, standings, cache: Mutex::new(Cache::default()) }
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
    /// it stands, rendered by `render` once per version of the table and of the finale
    /// (`generation`); with the table's version.
    pub fn rendered(
        &self,
        index: usize,
        generation: u64,
        render: impl FnOnce(&FleetTable<Journal>, &[String]) -> String,
    ) -> (u64, Arc<String>) {
        self.shared.read_with_told(crate::games::table::shared::KEPT, |t, told| {
            let version = crate::games::table::Table::version(t);
            let key = version + generation;
            let mut cache = self.cache.lock().unwrap_or_else(|p| p.into_inner());
            if let Some((_, _, json)) = cache.views.iter().find(|(v, i, _)| *v == key && *i == index) {
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
            cache.views.retain(|(v, _, _)| *v == key);
            cache.views.push((key, index, Arc::clone(&json)));
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
}

impl Hosted for Served {
    fn names(&self) -> &[String] {
        &self.names
    }

    fn deckhand_plays(&self, seat: usize) -> bool {
        self.shared.read(|t| t.setup.bots.is_some_and(|b| b.plays(seat)))
    }

    fn lang(&self) -> Lang {
        self.lang
    }

    fn watched(&self) -> &dyn Watched {
        &*self.shared
    }

    fn view(&self, seat: Option<usize>, frame: &Frame) -> (u64, Arc<String>) {
        let index = seat.unwrap_or(self.names.len());
        self.rendered(index, frame.generation, |t, log| match seat {
            Some(s) => super::view::seat(self, frame, t, log, s),
            None => super::view::dashboard(self, frame, t, log),
        })
    }

    fn answer(&self, seat: usize, seen: u64, said: Said) -> Result<(), Rejected> {
        self.shared.change(|t| t.answer(Screen::Seat(seat), seen, said).map(|_| ()).map_err(|r| self.turned(t, &r)))
    }

    fn ahead(&self, seat: usize, seen: u64, links: &[Vec<String>]) -> Result<Option<String>, Rejected> {
        self.shared.change(|t| match t.ahead(seat, seen, links) {
            Ok(ahead) => Ok(ahead.map(|a| super::view::ahead(self, seat, &a))),
            Err(r) => Err(self.turned(t, &r)),
        })
    }

    fn undo(&self, seat: usize, seen: u64) -> Result<(), Rejected> {
        self.shared.change(|t| t.undo(Screen::Seat(seat), seen).map_err(|r| self.turned(t, &r)))
    }

    /// The advisor's estimate of every answer to `seat`'s open question, as the page lists
    /// it (`view::hint`): the question as the page asks it (its early pick too), weighed
    /// by the table's hints (`advisor::hints`): once per question and version, whoever
    /// asks, a few runs at a time (beyond them: the advisor is busy); the page waits for a
    /// run under way without a thread.
    fn hint(&self, seat: usize) -> super::HintReply<'_> {
        use crate::games::fleet::advisor::NoQuestion;
        use crate::games::runs::NoRun;
        use crate::text::serve::Declined;
        let lang = self.lang;
        let asked = self.shared.read(|t| {
            let version = t.version();
            let Some(asked) = super::view::page_question(t, seat) else {
                return Err(if t.finished() { Declined::HintOver } else { Declined::HintNothing });
            };
            match t.hints().ask(&asked.game, Some(seat), version) {
                Ok(ticket) => Ok((version, asked, ticket)),
                Err(NoRun::Busy) => Err(Declined::HintBusy),
                Err(NoRun::Failed) => Err(Declined::HintFailed),
            }
        });
        Box::pin(async move {
            let (version, asked, ticket) = asked.map_err(|why| why.text(lang))?;
            let weighed = ticket.await.map_err(|_| Declined::HintFailed.text(lang))?;
            let advice = weighed.map_err(|why| match why {
                NoQuestion::Over => Declined::HintOver.text(lang),
                NoQuestion::Chance | NoQuestion::NotWaiting(_) => Declined::HintNothing.text(lang),
            })?;
            Ok(super::view::hint(self, seat, &asked, &advice, version))
        })
    }

    fn final_standings(&self) -> Option<Standings> {
        let game = self.shared.read(|t| t.session().game.clone());
        super::view::final_standings(self, &game)
    }
}

#[cfg(test)]
mod tests;
