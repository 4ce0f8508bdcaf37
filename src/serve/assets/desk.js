// deckhand — the paper desk (`scan --serve`). A seat's page: the photo taken with the
// camera (a file input) is sent as it is, the read pad drawn beside it; a tap on a box
// flips it, a question is answered by its buttons; the dashboard polls its state.
(function () {
  'use strict';
  var body = document.body;
  var words = body.dataset;
  function byId(id) { return document.getElementById(id); }
  function esc(t) {
    return String(t).replace(/[&<>"]/g, function (c) { return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]; });
  }
  function notice(text, bad) {
    var n = byId('notice');
    n.textContent = text || '';
    n.classList.toggle('error', !!bad);
  }

  if (body.classList.contains('desk-seat')) {
    var base = body.dataset.base;
    var view = null;
    var render = function (v) {
      view = v;
      body.dataset.v = v.v;
      byId('player').textContent = v.player;
      if (v.url && v.url !== base) {
        base = v.url;
        body.dataset.base = base;
        if (window.history && history.replaceState) { history.replaceState(null, '', base); }
      }
      var pad = v.pad;
      byId('pad').innerHTML = pad ? pad.svg : '';
      var asked = byId('asked');
      asked.innerHTML = '';
      if (pad) {
        pad.questions.forEach(function (q, k) {
          var div = document.createElement('div');
          div.className = 'q' + (k === 0 ? ' now' : '');
          div.dataset.i = q.i;
          div.innerHTML = '<b>' + esc(q.what) + '</b>' + (q.hint ? '<span class="hint">' + esc(q.hint) + '</span>' : '') +
            '<button class="yes">' + esc(words.wMarked) + '</button><button class="no">' + esc(words.wEmpty) + '</button>';
          asked.appendChild(div);
        });
        var f = byId('findings');
        if (pad.findings.length) {
          f.className = 'findings';
          f.innerHTML = '<ul>' + pad.findings.map(function (t) { return '<li>' + esc(t) + '</li>'; }).join('') + '</ul>';
        } else {
          f.className = 'findings clean';
          f.textContent = pad.questions.length ? '' : words.wClean;
        }
        var done = [pad.status];
        if (pad.score !== null && pad.score !== undefined) { done.push(words.wScore + ' ' + pad.score); }
        if (pad.file) { done.push(words.wWritten + ' ' + pad.file); }
        byId('done').textContent = done.join(' · ');
      }
    };
    var send = function (path, data, type) {
      notice(words.wSending);
      return fetch(base + path, { method: 'POST', headers: { 'Content-Type': type }, body: data, cache: 'no-store' })
        .then(function (r) {
          return r.json().then(function (j) {
            if (!r.ok) { throw new Error(j.error || r.status); }
            return j;
          });
        })
        .then(function (j) { notice(''); render(j); })
        .catch(function (e) { notice(e.message || words.wOffline, true); });
    };
    var setBox = function (i, marked) {
      return send('/box', JSON.stringify({ i: Number(i), marked: marked }), 'application/json');
    };
    var picked = function (e) {
      var file = e.target.files && e.target.files[0];
      if (!file) { return; }
      var img = byId('photo');
      if (img.src) { URL.revokeObjectURL(img.src); }
      img.src = URL.createObjectURL(file);
      body.classList.add('busy');
      notice(words.wReading);
      send('/photo', file, file.type || 'application/octet-stream').then(function () {
        body.classList.remove('busy');
        e.target.value = '';
      });
    };
    byId('shot').addEventListener('change', picked);
    byId('pick').addEventListener('change', picked);
    byId('pad').addEventListener('click', function (e) {
      var g = e.target.closest ? e.target.closest('[data-i]') : null;
      if (!g || !view || !view.pad) { return; }
      if (g.classList.contains('q')) {
        // A box still to ask: its question comes first, with its two answers.
        var q = byId('asked').querySelector('.q[data-i="' + g.dataset.i + '"]');
        if (q) {
          byId('asked').querySelectorAll('.q').forEach(function (x) { x.classList.remove('now'); });
          q.classList.add('now');
          byId('asked').insertBefore(q, byId('asked').firstChild);
          q.scrollIntoView({ block: 'center' });
        }
        return;
      }
      setBox(g.dataset.i, !g.classList.contains('m'));
    });
    byId('asked').addEventListener('click', function (e) {
      var b = e.target.closest ? e.target.closest('button') : null;
      if (!b) { return; }
      setBox(b.parentNode.dataset.i, b.classList.contains('yes'));
    });
    if (!/\/pad\/new$/.test(base)) {
      fetch(base + '/state', { cache: 'no-store' }).then(function (r) { return r.json(); }).then(render)
        .catch(function () { notice(words.wOffline, true); });
    } else {
      body.dataset.v = 1;
    }
  }

  if (body.classList.contains('desk-dash')) {
    var seen = -1;
    var poll = function () {
      fetch(body.dataset.state, { cache: 'no-store' })
        .then(function (r) { return r.json(); })
        .then(function (v) {
          body.classList.remove('offline');
          byId('conn').textContent = '';
          if (v.v !== seen) {
            seen = v.v;
            body.dataset.v = v.v;
            if (v.game) { byId('game').textContent = v.game; }
            byId('pads').innerHTML = v.seats;
            byId('result').innerHTML = v.result;
            body.classList.toggle('over', !!v.result);
          }
        })
        .catch(function () { body.classList.add('offline'); byId('conn').textContent = words.wOffline; })
        .then(function () { setTimeout(poll, 1000); });
    };
    poll();
  }
})();
