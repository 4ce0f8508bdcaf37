//! A served game driven from outside, as phones would: the real `deckhand` binary with
//! `--serve` on a free loopback port, spoken to over plain HTTP/1.0 (one request per
//! connection) and server-sent events. Shared by the HTTP tests, the browser test and the
//! serving benchmark (`benches/serve.rs`).

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::Value;

pub struct Host {
    child: Child,
    stdin: Option<ChildStdin>,
    /// `127.0.0.1:PORT`
    pub addr: String,
    pub join: String,
    /// Each seat's path (`/g/…/seat/N/…`).
    pub seats: Vec<String>,
    pub dashboard: String,
    pub save: PathBuf,
    /// What the host wrote to standard error so far.
    pub stderr: Arc<Mutex<Vec<String>>>,
    stdout: Arc<Mutex<String>>,
}

/// A response: status and body.
pub struct Reply {
    pub status: u16,
    pub headers: String,
    pub body: String,
}

impl Reply {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }
}

/// One HTTP/1.0 request to `addr` (`127.0.0.1:PORT`) over its own connection.
pub fn request(addr: &str, method: &str, path: &str, content_type: &str, body: &[u8]) -> Reply {
    request_with(addr, method, path, content_type, "", body)
}

/// `request`, with more header lines (each ending in `\r\n`).
pub fn request_with(addr: &str, method: &str, path: &str, content_type: &str, more: &str, body: &[u8]) -> Reply {
    let mut stream = TcpStream::connect(addr).expect("the host listens");
    stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let head = format!(
        "{method} {path} HTTP/1.0\r\nHost: {addr}\r\nContent-Type: {content_type}\r\n{more}Content-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
    stream.write_all(body).unwrap();
    let mut raw = Vec::new();
    let read = stream.read_to_end(&mut raw);
    let mut text = String::from_utf8_lossy(&raw).into_owned();
    if let Err(e) = read {
        // Kept in the body, so that a failed assertion says what happened.
        text.push_str(&format!("\r\n\r\n(reading the response failed: {e})"));
    }
    let (headers, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = headers.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    Reply { status, headers: headers.to_string(), body: body.to_string() }
}

pub fn path_of(url: &str) -> String {
    let rest = url.trim_start_matches("http://");
    rest.find('/').map(|i| rest[i..].to_string()).unwrap_or_else(|| "/".into())
}

impl Host {
    /// Start `deckhand ARGS --serve --bind 127.0.0.1:0` (or resume) in `dir`, with standard
    /// input a pipe kept open (the host serves until it is closed), and wait until it
    /// prints its addresses.
    pub fn start(bin: &Path, dir: &Path, args: &[&str], save: &str) -> Host {
        Host::start_with(bin, dir, args, save, None)
    }

    /// `start`, with the host's limit on open files lowered to `files` (Unix).
    pub fn start_with(bin: &Path, dir: &Path, args: &[&str], save: &str, files: Option<u64>) -> Host {
        let mut command = crate::child::command_in(bin, dir);
        #[cfg(unix)]
        if let Some(files) = files {
            use std::os::unix::process::CommandExt;
            // SAFETY: only setrlimit, async-signal-safe, between fork and exec.
            unsafe {
                command.pre_exec(move || {
                    let limit = libc::rlimit { rlim_cur: files as libc::rlim_t, rlim_max: files as libc::rlim_t };
                    if libc::setrlimit(libc::RLIMIT_NOFILE, &limit) != 0 {
                        return Err(std::io::Error::last_os_error());
                    }
                    Ok(())
                });
            }
        }
        #[cfg(not(unix))]
        let _ = files;
        let mut child = command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("deckhand starts");
        let stdin = child.stdin.take();
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let lines = Arc::clone(&stderr);
        let err = child.stderr.take().expect("piped");
        std::thread::spawn(move || {
            for line in BufReader::new(err).lines().map_while(Result::ok) {
                lines.lock().unwrap().push(line);
            }
        });
        let stdout = Arc::new(Mutex::new(String::new()));
        let out_text = Arc::clone(&stdout);
        let mut out = child.stdout.take().expect("piped");
        std::thread::spawn(move || {
            let mut text = String::new();
            let _ = out.read_to_string(&mut text);
            out_text.lock().unwrap().push_str(&text);
        });
        let started = Instant::now();
        let (join, seats, dashboard) = loop {
            {
                let lines = stderr.lock().unwrap();
                // Found by their shape, in any language: the join address, each seat's, the
                // dashboard's (printed last).
                if lines.iter().any(|l| l.trim_end().ends_with("/dashboard")) {
                    let url = |l: &String| l.split_whitespace().last().unwrap_or_default().to_string();
                    let join = lines
                        .iter()
                        .filter_map(|l| l.split_whitespace().find(|w| w.starts_with("http://") && w.contains("/g/")))
                        .find(|w| !w.contains("/seat/") && !w.contains("/pad/") && !w.ends_with("/dashboard"))
                        .expect("the join address")
                        .to_string();
                    let seats: Vec<String> =
                        // A game's seats, or the paper desk's (`/pad/`).
                        lines.iter().filter(|l| l.contains("/seat/") || l.contains("/pad/")).map(|l| path_of(&url(l))).collect();
                    let dashboard =
                        lines.iter().find(|l| l.trim_end().ends_with("/dashboard")).map(url).expect("dashboard");
                    break (join, seats, path_of(&dashboard));
                }
            }
            if let Ok(Some(status)) = child.try_wait() {
                panic!("deckhand ended ({status}): {}", stderr.lock().unwrap().join("\n"));
            }
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "deckhand did not serve: {:?}",
                stderr.lock().unwrap()
            );
            std::thread::sleep(Duration::from_millis(20));
        };
        let addr = join.trim_start_matches("http://").split('/').next().unwrap_or_default().to_string();
        Host { child, stdin, addr, join, seats, dashboard, save: dir.join(save), stderr, stdout }
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// One request over its own connection.
    pub fn request(&self, method: &str, path: &str, content_type: &str, body: &[u8]) -> Reply {
        request(&self.addr, method, path, content_type, body)
    }

    pub fn get(&self, path: &str) -> Reply {
        self.request("GET", path, "text/plain", b"")
    }

    /// A GET as a browser opening an address sends it (it asks for a page).
    pub fn browse(&self, path: &str) -> Reply {
        request_with(&self.addr, "GET", path, "text/plain", "Accept: text/html,*/*;q=0.8\r\n", b"")
    }

    pub fn post(&self, path: &str, body: &Value) -> Reply {
        self.request("POST", path, "application/json", body.to_string().as_bytes())
    }

    pub fn state(&self, seat: usize) -> Value {
        let r = self.get(&format!("{}/state", self.seats[seat]));
        assert_eq!(r.status, 200, "{} {}", r.headers, r.body);
        r.json()
    }

    /// Answer a seat's decision with the key of an option.
    pub fn answer(&self, seat: usize, offer: u64, key: &str) -> Reply {
        self.post(&format!("{}/answer", self.seats[seat]), &serde_json::json!({ "offer": offer, "key": key }))
    }

    /// Open a seat's (or, with None, the dashboard's) event stream.
    pub fn events(&self, seat: Option<usize>) -> Events {
        let path = match seat {
            Some(s) => format!("{}/events", self.seats[s]),
            None => format!("{}/events", self.dashboard),
        };
        let mut stream = TcpStream::connect(&self.addr).expect("the host listens");
        stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        stream.write_all(format!("GET {path} HTTP/1.1\r\nHost: {}\r\n\r\n", self.addr).as_bytes()).unwrap();
        Events { reader: BufReader::new(stream) }
    }

    /// Everything the host printed to standard error.
    pub fn said(&self) -> String {
        self.stderr.lock().unwrap().join("\n")
    }

    pub fn printed(&self) -> String {
        self.stdout.lock().unwrap().clone()
    }

    /// Kill the host with SIGKILL, as a crash would.
    pub fn kill9(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Close standard input (the host stops serving once the game is over) and wait for
    /// its exit code.
    pub fn finish(&mut self) -> Option<i32> {
        drop(self.stdin.take());
        let started = Instant::now();
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                // Let the reader threads take the last lines.
                std::thread::sleep(Duration::from_millis(100));
                return status.code();
            }
            if started.elapsed() > Duration::from_secs(30) {
                self.kill9();
                return None;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Peak resident memory of the host so far, in kB (Linux).
    pub fn peak_rss_kb(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        status.lines().find(|l| l.starts_with("VmHWM:"))?.split_whitespace().nth(1)?.parse().ok()
    }
}

impl Drop for Host {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            self.kill9();
        }
    }
}

/// A server-sent event stream, read event by event.
pub struct Events {
    reader: BufReader<TcpStream>,
}

impl Events {
    /// The next view pushed (skipping keep-alive comments), or None when the stream ends.
    pub fn next(&mut self) -> Option<Value> {
        let mut line = String::new();
        loop {
            line.clear();
            if self.reader.read_line(&mut line).ok()? == 0 {
                return None;
            }
            if let Some(data) = line.strip_prefix("data: ") {
                return serde_json::from_str(data.trim_end()).ok();
            }
        }
    }
}

/// Answer decisions through the seats' pages, with the first legal option (dice are
/// digital), each in turn (an early pick is not answered here), until `stop` says so or
/// the game is over; returns how many were answered.
pub fn drive(host: &Host, mut stop: impl FnMut(&[Value]) -> bool) -> usize {
    let mut answered = 0;
    loop {
        let states: Vec<Value> = (0..host.seats.len()).map(|s| host.state(s)).collect();
        if states[0]["over"].as_bool() == Some(true) || stop(&states) {
            return answered;
        }
        // Each in turn: an early pick (asked before a seat's turn) is not answered here.
        let Some((seat, d)) = states.iter().enumerate().find_map(|(i, s)| {
            let d = &s["decision"];
            (!d.is_null() && d["early"].is_null()).then(|| (i, d.clone()))
        }) else {
            panic!("nobody has a decision: {:?}", states.iter().map(|s| &s["turn"]).collect::<Vec<_>>());
        };
        let key = d["options"][0]["key"].as_str().expect("an option").to_string();
        let r = host.answer(seat, d["offer"].as_u64().unwrap(), &key);
        assert_eq!(r.status, 200, "{}", r.body);
        answered += 1;
    }
}
