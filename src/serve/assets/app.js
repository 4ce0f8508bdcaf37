// deckhand — a seat's page and the dashboard of a served Fleet game. Plain JavaScript, no
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
    lines(turn, v.turn);
    s.replaceChildren(head, turn);
    var roll = byId('roll');
    if (roll) { roll.textContent = v.roll || ''; }
    lines(byId('log'), v.log);
    var result = byId('result');
    if (result) { result.innerHTML = v.result || ''; }
    if (v.stopped) { notice(v.stopped); }
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

  function rollPicker(d, box) {
    var chosen = el('div', 'picked');
    var need = d.roll.boat + d.roll.town;
    picked = keptRoll(d.offer, d.roll.faces, need);
    function redraw() {
      keepRoll(d.offer);
      chosen.textContent = word('faces') + ' ' + picked.map(function (k) {
        var f = d.roll.faces.filter(function (x) { return x.key === k; })[0];
        return f ? f.label : k;
      }).join(', ') + ' (' + picked.length + '/' + need + ')';
      send.disabled = busy || picked.length !== need;
    }
    var faces = el('div', 'faces');
    d.roll.faces.forEach(function (f) {
      var b = el('button', 'face' + (f.boat ? ' boat' : ' town'), f.label);
      b.type = 'button';
      b.dataset.key = f.key;
      b.addEventListener('click', function () {
        if (picked.length < need) { picked.push(f.key); redraw(); }
      });
      faces.appendChild(b);
    });
    var clear = el('button', 'clear', word('clear'));
    clear.type = 'button';
    clear.addEventListener('click', function () { picked = []; redraw(); });
    var send = el('button', 'opt send', word('send-roll'));
    send.type = 'button';
    send.addEventListener('click', function () {
      post(body.dataset.answer, { offer: d.offer, faces: picked.slice() });
    });
    box.append(faces, chosen, clear, send);
    redraw();
  }

  function decision(v) {
    var box = byId('decision');
    var d = v.decision;
    if (d && d.offer === shownOffer) { return; }
    shownOffer = d ? d.offer : null;
    picked = [];
    box.replaceChildren();
    if (!d) {
      box.appendChild(el('p', 'idle', v.over ? '' : word('nothing')));
      body.classList.remove('mine-to-decide');
      return;
    }
    body.classList.add('mine-to-decide');
    box.appendChild(el('h2', 'prompt', d.prompt));
    if (d.roll) {
      rollPicker(d, box);
      return;
    }
    d.options.forEach(function (o) {
      var b = el('button', 'opt', o.label);
      // What a building, a ship or a license does, under its name.
      if (o.help) { b.appendChild(el('small', 'help', o.help)); }
      b.type = 'button';
      b.dataset.key = o.key;
      b.addEventListener('click', function () { post(body.dataset.answer, { offer: d.offer, key: o.key }); });
      box.appendChild(b);
    });
  }

  // The page is the pad: the boxes an answer marks are highlighted on the drawn sheet
  // and a tap on one sends that answer (the buttons above stay, for screen readers).
  function padTaps(v) {
    var d = v.decision;
    if (!d || d.roll) { return; }
    var sheet = byId('sheet');
    d.options.forEach(function (o) {
      if (!o.box) { return; }
      var b = sheet.querySelector('[data-box="' + o.box + '"]');
      if (!b) { return; }
      b.classList.add('can');
      b.setAttribute('role', 'button');
      b.setAttribute('aria-label', o.label);
      b.title = o.label;
      b.addEventListener('click', function () { post(body.dataset.answer, { offer: d.offer, key: o.key }); });
    });
  }

  function showSeat(v) {
    status(v);
    decision(v);
    var undo = byId('undo');
    undo.hidden = !v.undo || v.over;
    byId('sheet').innerHTML = v.sheet;
    padTaps(v);
  }

  function showDashboard(v) {
    status(v);
    // At the end the final table stands in the result: the scores are not shown twice.
    var scores = byId('scores');
    scores.innerHTML = v.result ? '' : v.scores;
    scores.hidden = !!v.result;
    document.body.classList.toggle('over', !!v.result);
    var sheets = byId('sheets');
    sheets.replaceChildren.apply(sheets, v.sheets.map(function (s) {
      var a = el('article', 'player');
      a.innerHTML = s.html;
      return a;
    }));
  }

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
