// deckhand — a seat's page and the dashboard of a served game. Plain JavaScript, no
// library: everything shown comes from the host as JSON views pushed over server-sent
// events (texts already in the table's language, sheets already drawn as HTML by the
// host); this script places them and sends a tap back as {offer, key} or {offer, faces}.
(function () {
  'use strict';
  var body = document.body;
  var byId = function (id) { return document.getElementById(id); };
  var word = function (name) { return body.getAttribute('data-w-' + name) || ''; };
  var shownOffer = null;
  var picked = [];
  var current = null;
  var busy = false;

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined) { e.textContent = text; }
    return e;
  }

  function lines(target, list, tag) {
    if (!target) { return; }
    target.replaceChildren.apply(target, (list || []).map(function (t) { return el(tag || 'li', null, t); }));
  }

  function notice(text) {
    var n = byId('notice');
    if (n) { n.textContent = text || ''; }
  }

  function setBusy(on) {
    busy = on;
    body.classList.toggle('busy', on);
    document.querySelectorAll('#decision button, #undo').forEach(function (b) { b.disabled = on; });
  }

  function post(url, data) {
    if (busy) { return; }
    setBusy(true);
    notice(word('sending'));
    fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(data),
      cache: 'no-store'
    }).then(function (r) {
      return r.json().then(function (j) { return { ok: r.ok, json: j }; });
    }).then(function (r) {
      setBusy(false);
      if (r.ok) {
        notice('');
        show(r.json);
      } else {
        notice(r.json.error || '');
      }
    }).catch(function () {
      setBusy(false);
      notice(word('offline'));
    });
  }

  function status(v) {
    var s = byId('status');
    if (!s) { return; }
    var head = el('div', 'round', v.round);
    var turn = el('ul', 'turn');
    // A seat's own question is asked right below: not said twice above its pad.
    var own = v.decision && v.decision.prompt;
    lines(turn, (v.turn || []).filter(function (t) { return t !== own; }));
    s.replaceChildren(head, turn);
    var roll = byId('roll');
    if (roll) { roll.textContent = v.roll || ''; }
    lines(byId('log'), v.log);
    var result = byId('result');
    if (result) { result.innerHTML = v.result || ''; }
    if (v.stopped) { notice(v.stopped); } else if (v.note) { notice(v.note); }
  }

  // The dice tapped in so far survive a reload of the page: kept for this page and this
  // very roll (its offer) in the tab's session storage.
  var rollKey = 'deckhand-roll:' + location.pathname;
  function keepRoll(offer) {
    try { sessionStorage.setItem(rollKey, JSON.stringify({ offer: offer, picked: picked })); } catch (e) { /* private mode */ }
  }
  function keptRoll(offer, faces, need) {
    try {
      var kept = JSON.parse(sessionStorage.getItem(rollKey) || 'null');
      var known = function (k) { return faces.some(function (f) { return f.key === k; }); };
      if (kept && kept.offer === offer && Array.isArray(kept.picked) && kept.picked.length <= need &&
          kept.picked.every(known)) {
        return kept.picked;
      }
    } catch (e) { /* nothing kept */ }
    return [];
  }

  // A roll tapped in die by die: each die entered shows as a chip a tap takes out again;
  // the roll is sent by itself with its last die (no "send" tap). The send button shows
  // only when a complete roll could not be sent (offline), to send it again.
  function rollPicker(d, box) {
    var chosen = el('div', 'picked');
    var need = d.roll.boat + d.roll.town;
    picked = keptRoll(d.offer, d.roll.faces, need);
    var faceOf = function (k) { return d.roll.faces.filter(function (x) { return x.key === k; })[0]; };
    var labelOf = function (k) { var f = faceOf(k); return f ? f.label : k; };
    function sendRoll() { post(body.dataset.answer, { offer: d.offer, faces: picked.slice() }); }
    function redraw() {
      keepRoll(d.offer);
      chosen.replaceChildren(el('span', 'count', word('faces') + ' (' + picked.length + '/' + need + ')'));
      picked.forEach(function (k, i) {
        var chip = el('button', 'chip', labelOf(k) + ' ✕');
        chip.type = 'button';
        chip.disabled = busy;
        chip.setAttribute('aria-label', word('take-out') + ' ' + labelOf(k));
        chip.addEventListener('click', function () { picked.splice(i, 1); redraw(); });
        chosen.appendChild(chip);
      });
      send.hidden = picked.length !== need;
      send.disabled = busy || picked.length !== need;
      // The town roll has its one boat die and its town dice: a face of a kind whose dice
      // are all entered cannot be tapped (it could only make a roll the rules refuse).
      buttons.forEach(function (b) { b.disabled = full(b.boat); });
    }
    function full(boat) {
      var have = picked.filter(function (k) { var f = faceOf(k); return !!(f && f.boat) === boat; }).length;
      return have >= (boat ? d.roll.boat : d.roll.town);
    }
    var buttons = [];
    var faces = el('div', 'faces');
    d.roll.faces.forEach(function (f) {
      var b = el('button', 'face' + (f.boat ? ' boat' : ' town'), f.label);
      b.type = 'button';
      b.dataset.key = f.key;
      b.boat = !!f.boat;
      buttons.push(b);
      b.addEventListener('click', function () {
        if (picked.length >= need || full(!!f.boat)) { return; }
        picked.push(f.key);
        redraw();
        if (picked.length === need) { sendRoll(); }
      });
      faces.appendChild(b);
    });
    var clear = el('button', 'clear', word('clear'));
    clear.type = 'button';
    clear.addEventListener('click', function () { picked = []; redraw(); });
    var send = el('button', 'opt send', word('send-roll'));
    send.type = 'button';
    send.addEventListener('click', sendRoll);
    box.append(faces, chosen, el('p', 'hint', word('roll-auto')), clear, send);
    redraw();
  }

  // A chain answered on this page (as a terminal's line answers it ahead: the harbor die,
  // its ship, the ship's star action): an answer that leads to a follow-up question of
  // this seat opens it here at once, asked ahead from the host without sending anything;
  // the last tap sends the whole chain as one answer. Each level: the link tapped, its
  // label, and the follow-up's prompt, answers and the sheet as the links leave it.
  var chain = [];
  var drawn = null;
  var shownAnswers = '';

  // The links of the chain so far, each {key, label}: the answers the rules gave
  // (`given`: taken without a tap) and the taps, in order.
  function sofar(d) {
    var all = ((d && d.given) || []).slice();
    chain.forEach(function (c) {
      all.push({ key: c.link, label: c.label });
      all.push.apply(all, c.given || []);
    });
    return all;
  }

  // The keys of the links so far, then `more`.
  function links(d, more) {
    var all = sofar(d).map(function (l) { return l.key; });
    if (more) { all.push(more); }
    return all;
  }

  // What is asked now: the follow-up of the chain, or the question itself.
  function level(v) {
    if (chain.length) { return chain[chain.length - 1]; }
    var d = v.decision;
    return d && !d.roll ? { prompt: d.prompt, options: d.options, sheet: v.sheet } : null;
  }

  function choose(d, o) {
    if (busy) { return; }
    var all = links(d, o.key);
    if (!o.more) {
      post(body.dataset.answer, { offer: d.offer, links: all });
      return;
    }
    setBusy(true);
    fetch(body.dataset.answer.replace(/\/answer$/, '/ahead'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ offer: d.offer, links: all }),
      cache: 'no-store'
    }).then(function (r) {
      return r.json().then(function (j) { return { ok: r.ok, json: j }; });
    }).then(function (r) {
      setBusy(false);
      if (!r.ok) { notice(r.json.error || ''); return; }
      if (!r.json.ahead) { post(body.dataset.answer, { offer: d.offer, links: all }); return; }
      if (!current || !current.decision || current.decision.offer !== d.offer) { return; }
      var a = r.json.ahead;
      chain.push({ link: o.key, label: o.label, given: a.given, prompt: a.prompt, options: a.options, sheet: a.sheet });
      notice('');
      showSeat(current);
    }).catch(function () {
      setBusy(false);
      notice(word('offline'));
    });
  }

  // The chain so far (with what the rules gave), and the tap that takes back its last
  // link (nothing was sent).
  function chainBar(d) {
    var said = sofar(d).map(function (l) { return l.label; });
    if (!said.length) { return null; }
    var bar = el('div', 'chain');
    bar.appendChild(el('p', 'so-far', said.join(' → ') + ' →'));
    if (!chain.length) { return bar; }
    var back = el('button', 'back', word('back'));
    back.type = 'button';
    back.disabled = busy;
    back.addEventListener('click', function () {
      if (busy) { return; }
      chain.pop();
      if (current) { showSeat(current); }
    });
    bar.appendChild(back);
    return bar;
  }

  function decision(v) {
    var box = byId('decision');
    var d = v.decision;
    var offer = d ? d.offer : null;
    // The question's answers change while it waits when others answer first (the last
    // one to answer everyone's shared die ends the round: its star action follows at once).
    var answers = d && !d.roll ? JSON.stringify(d.options) : '';
    if (offer !== shownOffer || answers !== shownAnswers) {
      // Another question, or other answers: a chain begun on the last ones is gone.
      if (offer !== shownOffer) { picked = []; kept = {}; }
      shownOffer = offer;
      shownAnswers = answers;
      chain = [];
      drawn = null;
    }
    // Over or not is part of what is drawn: "nothing for you to decide" does not stay
    // beside "the game is over".
    var key = offer + ':' + chain.length + ':' + (v.held || '') + ':' + !!v.over;
    if (drawn === key) { return; }
    drawn = key;
    box.replaceChildren();
    if (!d) {
      // An early pick held shows until it is written after the turn before it.
      box.appendChild(el('p', 'idle', v.over ? '' : (v.held || word('nothing'))));
      body.classList.remove('mine-to-decide');
      return;
    }
    body.classList.add('mine-to-decide');
    if (d.roll) {
      box.appendChild(el('h2', 'prompt', d.prompt));
      rollPicker(d, box);
      return;
    }
    var now = level(v);
    box.appendChild(el('h2', 'prompt', now.prompt));
    if (d.keep) { keepPicker(d, box); }
    var bar = chainBar(d);
    if (bar) { box.appendChild(bar); }
    now.options.forEach(function (o) {
      var b = el('button', 'opt', o.label);
      // What a building, a ship or a license does, under its name.
      if (o.help) { b.appendChild(el('small', 'help', o.help)); }
      b.type = 'button';
      b.dataset.key = o.key;
      b.addEventListener('click', function () { choose(d, o); });
      box.appendChild(b);
    });
  }

  // Dice to keep (a game whose turn keeps some dice and rolls the rest): each die a toggle,
  // then the action sends the dice kept with it ({offer, links: ["keep d1 d3"]}).
  var kept = {};
  function keepPicker(d, box) {
    var dice = el('div', 'faces keep');
    d.keep.items.forEach(function (i) {
      if (!(i.key in kept)) { kept[i.key] = !!i.on; }
      var b = el('button', 'face die' + (kept[i.key] ? ' on' : ''), i.label);
      b.type = 'button';
      b.dataset.key = i.key;
      b.setAttribute('aria-pressed', kept[i.key] ? 'true' : 'false');
      b.addEventListener('click', function () {
        kept[i.key] = !kept[i.key];
        b.classList.toggle('on', kept[i.key]);
        b.setAttribute('aria-pressed', kept[i.key] ? 'true' : 'false');
      });
      dice.appendChild(b);
    });
    var act = el('button', 'opt keep', d.keep.label);
    act.type = 'button';
    act.dataset.key = d.keep.key;
    act.addEventListener('click', function () {
      var keys = d.keep.items.filter(function (i) { return kept[i.key]; }).map(function (i) { return i.key; });
      post(body.dataset.answer, { offer: d.offer, links: [[d.keep.key].concat(keys).join(' ')] });
    });
    box.append(dice, act);
  }

  // The page is the pad: the boxes an answer marks are highlighted on the drawn sheet
  // and a tap on one answers with it (the buttons stay, for screen readers).
  function padTaps(v, now, sheet) {
    var d = v.decision;
    if (!d || d.roll || !now) { return; }
    now.options.forEach(function (o) {
      if (!o.box) { return; }
      var b = sheet.querySelector('[data-box="' + o.box + '"]');
      if (!b) { return; }
      b.classList.add('can');
      // What the tap would write (a five-dice box's points), faint in the empty box.
      if (o.fills && !b.textContent) { b.textContent = o.fills; b.classList.add('would'); }
      b.setAttribute('role', 'button');
      b.setAttribute('aria-label', o.label);
      b.tabIndex = 0;
      b.title = o.label;
      b.addEventListener('click', function () { choose(d, o); });
      // A keyboard reaches the box too (Tab), and Enter or Space taps it.
      b.addEventListener('keydown', function (e) {
        if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); choose(d, o); }
      });
    });
  }

  // Where the pad is drawn: above the buttons, under the question, when a tap on a box
  // answers; below them otherwise (the buttons stay, for screen readers).
  function padFirst(now) {
    return !!(now && now.options.some(function (o) { return !!o.box; }));
  }

  // The advisor's hint for this seat's question, next to it (below the question, above
  // the sheet and the buttons): one line per button the page has — the answer that button
  // sends, weighed — best first, each with its expected points ± their standard error and
  // its chance to win, the answers within noise of the best marked. It commits nothing.
  var hinted = null;
  // Kept by reference: it moves between the question's places (and a redrawn question
  // takes it out of the page until it is placed again).
  var hintsBox = byId('hints');
  function hintButton(v) {
    var d = v.decision;
    var hints = hintsBox;
    if (!d || d.roll || v.over) {
      hints.replaceChildren();
      hinted = null;
      return;
    }
    if (hinted === d.offer) { return; }
    hinted = d.offer;
    var b = el('button', 'hint', word('hint'));
    b.type = 'button';
    b.id = 'hint';
    b.addEventListener('click', function () {
      b.disabled = true;
      hints.replaceChildren(el('p', 'thinking', word('thinking')));
      fetch(body.dataset.events.replace(/\/events$/, '/hint'), { cache: 'no-store' })
        .then(function (r) { return r.json().then(function (j) { return { ok: r.ok, json: j }; }); })
        .then(function (r) {
          if (!r.ok) { hints.replaceChildren(el('p', 'thinking', r.json.error || '')); return; }
          var list = el('ol', 'hint-list');
          r.json.hint.forEach(function (h) {
            var li = el('li', h.best ? 'best' : (h.close ? 'close' : ''), h.label);
            li.dataset.key = h.key;
            if (h.then) { li.appendChild(el('span', 'then', ' → ' + h.then)); }
            // A chance to win and, aiming to win, the lead that ranks the lines (Fleet's
            // estimates), or how far behind the best (exact values).
            var nums = h.points + (h.win ? ' · ' + h.win : '') + (h.lead ? ' · ' + h.lead : '') +
              (h.behind ? ' · ' + h.behind : '');
            if (h.best) { nums += ' · ' + word('best'); } else if (h.close) { nums += ' · ' + word('close'); }
            li.appendChild(el('span', 'nums', nums));
            list.appendChild(li);
          });
          hints.replaceChildren(list);
        })
        .catch(function () { hints.replaceChildren(el('p', 'thinking', word('offline'))); });
    });
    hints.replaceChildren(b);
  }

  // The hint goes right under the question where the question is shown: above the pad
  // when the pad comes first, else above the buttons.
  function placeHints(first, asked) {
    var hints = hintsBox;
    if (!hints) { return; }
    if (!asked) {
      // Nothing asked: back to its place in the page, out of the empty question.
      byId('notice').after(hints);
      return;
    }
    var at = first ? byId('ask') : byId('decision');
    var after = at.querySelector(':scope > .chain') || at.querySelector(':scope > .hint') ||
      at.querySelector(':scope > .prompt');
    if (after) { after.after(hints); } else { at.prepend(hints); }
  }

  function showSeat(v) {
    status(v);
    decision(v);
    hintButton(v);
    // While a chain is answered on the page, its last tap is taken back by "back" (nothing
    // was sent); the host's undo is for what was sent.
    hintsBox.hidden = chain.length > 0;
    var undo = byId('undo');
    undo.hidden = !v.undo || v.over || chain.length > 0;
    var now = level(v);
    var first = padFirst(now);
    var ask = byId('ask');
    ask.hidden = !first;
    if (first) {
      ask.replaceChildren(el('h2', 'prompt', now.prompt), el('p', 'hint', word('tap-box')));
      var bar = chainBar(v.decision);
      if (bar) { ask.appendChild(bar); }
    }
    body.classList.toggle('pad-first', first);
    placeHints(first, !!v.decision && !v.decision.roll);
    var sheet = now ? now.sheet : v.sheet;
    byId('sheet-first').innerHTML = first ? sheet : '';
    byId('sheet').innerHTML = first ? '' : sheet;
    padTaps(v, now, byId(first ? 'sheet-first' : 'sheet'));
    // The links tapped so far, for the browser test.
    body.dataset.links = chain.length ? links(v.decision).join('|') : '';
  }

  // The dashboard's sheets (issue #33 item 6): as many as fit at the board's size (a
  // sheet is `--sheet-ems` of its letters wide, `--narrow-sheet-ems` a sheet of one row
  // per box, as the stylesheet lays them out), the first
  // the sheet of the player whose turn it is (`focus`), the others taking turns every
  // ROTATE_MS among the other players; when everyone decides at once (the shared die,
  // fishing) every place takes turns.
  var ROTATE_MS = 8000;
  var rotation = 0;
  var rotator = null;
  var shownSheets = '';
  function sheetPlaces(n, narrow) {
    var box = byId('sheets');
    var style = getComputedStyle(box);
    var em = parseFloat(style.fontSize) || 16;
    // A sheet of one row per box (`narrow`: the five-dice game's) is far narrower.
    var ems = parseFloat(style.getPropertyValue(narrow ? '--narrow-sheet-ems' : '--sheet-ems')) || 40;
    return Math.max(1, Math.min(n, Math.floor((box.clientWidth + em) / (ems * em + em))));
  }
  function pickSheets(v) {
    var n = v.sheets.length;
    var places = sheetPlaces(n, !!v.narrow);
    var all = v.sheets.map(function (_, i) { return i; });
    if (places >= n) { return all; }
    var focus = typeof v.focus === 'number' ? v.focus : null;
    var others = all.filter(function (i) { return i !== focus; });
    var picked = focus === null ? [] : [focus];
    for (var j = 0; picked.length < places; j++) { picked.push(others[(rotation + j) % others.length]); }
    return picked;
  }
  function drawSheets(v) {
    var sheets = byId('sheets');
    var picked = pickSheets(v);
    var key = v.v + ':' + picked.join(',');
    if (key === shownSheets) { return; }
    shownSheets = key;
    sheets.replaceChildren.apply(sheets, picked.map(function (i) {
      var a = el('article', 'player' + (i === v.focus ? ' turn' : ''));
      a.dataset.seat = String(i);
      a.innerHTML = v.sheets[i].html;
      return a;
    }));
    // Of the sheets not drawn, their head lines (coins, fish, income, full boats).
    lines(byId('others'), v.sheets.filter(function (_, i) { return picked.indexOf(i) < 0; })
      .map(function (sh) { return sh.head; }));
    // The others take turns while there are more sheets than places.
    var turns = picked.length < v.sheets.length;
    if (turns && !rotator) {
      rotator = setInterval(function () {
        rotation += 1;
        if (current) { drawSheets(current); }
      }, ROTATE_MS);
    } else if (!turns && rotator) {
      clearInterval(rotator);
      rotator = null;
    }
  }

  function showDashboard(v) {
    status(v);
    // At the end the final table stands in the result: the scores are not shown twice.
    var scores = byId('scores');
    scores.innerHTML = v.result ? '' : v.scores;
    scores.hidden = !!v.result;
    document.body.classList.toggle('over', !!v.result);
    drawSheets(v);
  }
  window.addEventListener('resize', function () {
    if (current && body.classList.contains('dashboard')) { shownSheets = ''; drawSheets(current); }
  });

  // When each version arrived (milliseconds since the epoch): the browser test measures
  // how long a decision on one page takes to show on the others.
  window.deckhandArrived = {};

  function show(v) {
    if (current && v.v < current.v) { return; }
    if (!(v.v in window.deckhandArrived)) { window.deckhandArrived[v.v] = Date.now(); }
    current = v;
    if (body.classList.contains('dashboard')) { showDashboard(v); } else { showSeat(v); }
    // The version on show, for people and for the browser test.
    body.dataset.v = String(v.v);
    body.classList.toggle('over', !!v.over);
  }

  // A page that cannot stream (the host refused or dropped its stream) asks for the
  // state every two seconds until a stream opens again.
  var polling = null;
  function poll() {
    fetch(body.dataset.events.replace(/\/events$/, '/state'), { cache: 'no-store' })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (v) { if (v) { show(v); } })
      .catch(function () {});
  }
  function startPolling() {
    if (!polling) { poll(); polling = setInterval(poll, 2000); }
  }
  function stopPolling() {
    if (polling) { clearInterval(polling); polling = null; }
  }

  function connect() {
    var source = new EventSource(body.dataset.events);
    source.onopen = function () {
      stopPolling();
      byId('conn').textContent = '';
      body.classList.remove('offline');
    };
    source.onmessage = function (e) {
      var v;
      try { v = JSON.parse(e.data); } catch (x) { return; }
      show(v);
    };
    source.onerror = function () {
      byId('conn').textContent = word('offline');
      body.classList.add('offline');
      // The browser retries by itself; a stream it gave up on falls back to polling and
      // is opened again a little later.
      if (source.readyState === EventSource.CLOSED) {
        startPolling();
        setTimeout(connect, 5000);
      }
    };
  }

  var undoButton = byId('undo');
  if (undoButton) {
    undoButton.addEventListener('click', function () {
      if (current) { post(body.dataset.undo, { v: current.v }); }
    });
  }
  if (body.dataset.events) { connect(); }
})();
