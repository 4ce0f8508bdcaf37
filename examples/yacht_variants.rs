// Temporary experiment (not committed).
use deckhand::games::yacht::solver::Solver;
fn cpu() -> f64 {
    let mut u: libc::rusage = unsafe { std::mem::zeroed() };
    unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut u) };
    u.ru_utime.tv_sec as f64 + u.ru_utime.tv_usec as f64 / 1e6
}
fn main() {
    let r = deckhand::games::built_in("yacht").unwrap();
    let y = r.yacht().unwrap();
    let which: Vec<String> = std::env::args().skip(1).collect();
    let rs = y.ruleset(&which).unwrap();
    for threads in [1, 2] {
        let (t, c) = (std::time::Instant::now(), cpu());
        let s = Solver::build_with(&rs, threads).unwrap();
        println!("{which:?} threads {threads}: {:.9} wall {:?} cpu {:.2}s", s.start_value(), t.elapsed(), cpu() - c);
    }
}
