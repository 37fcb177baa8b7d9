// The embeddable player, served as /audio-native/player.js: plain browser JavaScript with no
// framework, so it works on any page. It finds each `#timbre-audio-native` (or
// `[data-timbre-audio-native]`) element, asks this server for the player of its project (the
// server answers only pages on the project's allowlist), and draws a play button, the title
// and a progress bar in the project's colours around an <audio> element. Text is set with
// textContent, never as HTML.
// Sessionization (the project's minutes, 0 = off): the listening position of each page and an
// anonymous random session id are kept in localStorage with an expiry that each use renews, so
// a reload within the window resumes where the listener was, and the play it sends carries the
// session id, which the server counts once per page and session within the window. Nothing
// about the listener is stored but that random id.

export const PLAYER_SCRIPT = String.raw`(function () {
  'use strict';
  var script = document.currentScript;
  var base = script && script.src ? new URL(script.src).origin : '';
  function post(url, body) {
    return fetch(url, { method: 'POST', mode: 'cors', credentials: 'omit', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(body) });
  }
  function el(tag, style, text) {
    var node = document.createElement(tag);
    if (style) node.setAttribute('style', style);
    if (text) node.textContent = text;
    return node;
  }
  function store(key, value, minutes) {
    try {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, JSON.stringify({ value: value, exp: Date.now() + minutes * 60000 }));
    } catch (e) { /* storage refused: the session is not remembered */ }
  }
  function recall(key) {
    try {
      var item = JSON.parse(localStorage.getItem(key) || 'null');
      if (item && item.exp > Date.now()) return item.value;
      if (item) localStorage.removeItem(key);
    } catch (e) { /* storage refused or unreadable */ }
    return null;
  }
  function newSessionId() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join('');
  }
  function format(seconds) {
    if (!isFinite(seconds)) return '0:00';
    var s = Math.floor(seconds);
    return Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0');
  }
  function mount(host) {
    var id = host.getAttribute('data-project-id');
    if (!id || host.getAttribute('data-timbre-mounted')) return;
    host.setAttribute('data-timbre-mounted', '1');
    var page = location.href.split('#')[0];
    fetch(base + '/audio-native/' + encodeURIComponent(id) + '/player?page=' + encodeURIComponent(page), { mode: 'cors', credentials: 'omit' })
      .then(function (r) { return r.json().then(function (body) { return { ok: r.ok, body: body }; }); })
      .then(function (answer) {
        if (!answer.ok) {
          host.setAttribute('data-state', 'refused');
          host.textContent = (answer.body && answer.body.detail && answer.body.detail.message) || 'This player is not available.';
          return;
        }
        render(host, id, page, answer.body);
      })
      .catch(function () { host.setAttribute('data-state', 'error'); });
  }
  function render(host, id, page, p) {
    var small = !!p.small;
    var box = el('div', 'display:flex;align-items:center;gap:12px;font-family:system-ui,sans-serif;border-radius:12px;' +
      'padding:' + (small ? '8px 12px' : '14px 16px') + ';background:' + p.background_color + ';color:' + p.text_color + ';border:1px solid rgba(127,127,127,.3)');
    var button = el('button', 'flex:none;width:' + (small ? 32 : 44) + 'px;height:' + (small ? 32 : 44) + 'px;border-radius:50%;border:none;cursor:pointer;' +
      'background:' + p.text_color + ';color:' + p.background_color + ';font-size:' + (small ? 13 : 16) + 'px', '\u25B6');
    button.type = 'button';
    button.setAttribute('aria-label', 'Listen to this article');
    var middle = el('div', 'flex:1;min-width:0');
    var title = el('div', 'font-weight:600;font-size:' + (small ? 13 : 15) + 'px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis', p.title || 'Listen to this article');
    var meta = el('div', 'font-size:12px;opacity:.75', p.author || '');
    var bar = el('div', 'height:4px;border-radius:2px;margin-top:6px;background:rgba(127,127,127,.35);overflow:hidden');
    var fill = el('div', 'height:100%;width:0;background:' + p.text_color);
    bar.appendChild(fill);
    var time = el('span', 'font-size:12px;font-variant-numeric:tabular-nums;opacity:.8', '0:00');
    middle.appendChild(title);
    if (!small && p.author) middle.appendChild(meta);
    middle.appendChild(bar);
    box.appendChild(button);
    box.appendChild(middle);
    box.appendChild(time);
    host.textContent = '';
    host.appendChild(box);
    if (!p.audio_url) {
      host.setAttribute('data-state', p.status || 'processing');
      button.disabled = true;
      button.style.opacity = '.4';
      time.textContent = p.status === 'failed' ? '\u2013' : '\u2026';
      return;
    }
    var audio = new Audio();
    audio.preload = 'none';
    audio.src = p.audio_url;
    audio.setAttribute('data-timbre-audio', '');
    host.appendChild(audio);
    host.setAttribute('data-state', 'ready');
    var minutes = p.sessionization > 0 ? p.sessionization : 0;
    var sessionKey = 'timbre-audio-native:session:' + id;
    var positionKey = 'timbre-audio-native:position:' + id + ':' + page;
    var saved = minutes ? recall(positionKey) : null;
    var resumeAt = saved && saved.version === p.audio_version && saved.time > 0 ? saved.time : 0;
    var lastSave = 0;
    function remember(force) {
      if (!minutes) return;
      var now = Date.now();
      if (!force && now - lastSave < 1000) return;
      lastSave = now;
      store(positionKey, { time: audio.currentTime, version: p.audio_version }, minutes);
      var session = recall(sessionKey);
      if (session) store(sessionKey, session, minutes);
    }
    function sessionId() {
      if (!minutes) return undefined;
      var session = recall(sessionKey) || newSessionId();
      store(sessionKey, session, minutes);
      return session;
    }
    function show() {
      var d = audio.duration;
      fill.style.width = (d > 0 ? (audio.currentTime / d) * 100 : 0) + '%';
      time.textContent = format(audio.currentTime);
    }
    if (resumeAt) {
      audio.preload = 'metadata';
      audio.addEventListener('loadedmetadata', function () {
        if (resumeAt < audio.duration) audio.currentTime = resumeAt;
        host.setAttribute('data-resumed-at', String(resumeAt));
        show();
      }, { once: true });
    }
    var counted = false;
    button.addEventListener('click', function () {
      if (audio.paused) audio.play(); else audio.pause();
    });
    audio.addEventListener('play', function () {
      button.textContent = '\u275A\u275A';
      button.setAttribute('aria-label', 'Pause');
      host.setAttribute('data-state', 'playing');
      if (!counted) {
        counted = true;
        post(base + '/audio-native/' + encodeURIComponent(id) + '/plays', { page: page, session: sessionId() })
          .then(function (r) { return r.json(); })
          .then(function (b) { host.setAttribute('data-play-counted', b && b.counted ? 'yes' : 'no'); })
          .catch(function () {});
      }
    });
    audio.addEventListener('pause', function () {
      button.textContent = '\u25B6';
      button.setAttribute('aria-label', 'Listen to this article');
      host.setAttribute('data-state', 'paused');
      remember(true);
    });
    audio.addEventListener('ended', function () {
      host.setAttribute('data-state', 'ended');
      if (minutes) store(positionKey, null, minutes);
    });
    audio.addEventListener('timeupdate', function () {
      show();
      if (!audio.ended) remember(false);
    });
    window.addEventListener('pagehide', function () { if (!audio.paused) remember(true); });
    bar.style.cursor = 'pointer';
    bar.addEventListener('click', function (e) {
      var r = bar.getBoundingClientRect();
      if (audio.duration > 0) audio.currentTime = ((e.clientX - r.left) / r.width) * audio.duration;
    });
  }
  function start() {
    var hosts = document.querySelectorAll('#timbre-audio-native, [data-timbre-audio-native]');
    for (var i = 0; i < hosts.length; i++) mount(hosts[i]);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start); else start();
})();
`
