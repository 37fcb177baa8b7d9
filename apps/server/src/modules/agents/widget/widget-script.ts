// The embeddable conversation widget, served as /convai-widget/index.js: plain browser
// JavaScript with no framework. A page adds the script and `<elevenlabs-convai agent-id="…">`
// (the element ElevenLabs' widget uses); the element asks this server for the agent's widget
// configuration (answered only to pages on the agent's allowlist) and draws a call button in the
// agent's colours, radii and placement, with its avatar and terms. The button opens a voice call
// (microphone in as 16 kHz PCM, the agent's PCM audio played as it arrives) or, for a text-only
// agent or when the visitor types, a text chat, both over the conversation WebSocket of the
// server the script came from. Text is set with textContent, never as HTML.

export const WIDGET_SCRIPT = String.raw`(function () {
  'use strict';
  if (window.customElements && customElements.get('elevenlabs-convai')) return;
  var script = document.currentScript;
  var base = script && script.src ? new URL(script.src).origin : location.origin;
  var RATE = 16000;
  function el(tag, style, text) {
    var node = document.createElement(tag);
    if (style) node.setAttribute('style', style);
    if (text) node.textContent = text;
    return node;
  }
  function pick(value, fallback) { return typeof value === 'string' && value ? value : fallback; }
  function px(value, fallback) { return typeof value === 'number' ? value + 'px' : fallback; }
  function toBase64(int16) {
    var bytes = new Uint8Array(int16.buffer), out = '';
    for (var i = 0; i < bytes.length; i += 0x8000) out += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    return btoa(out);
  }
  function placementStyle(placement) {
    var p = pick(placement, 'bottom-right');
    var v = p.indexOf('top') === 0 ? 'top:24px;' : 'bottom:24px;';
    var h = p.indexOf('left') >= 0 ? 'left:24px;' : p.indexOf('right') >= 0 ? 'right:24px;' : 'left:50%;transform:translateX(-50%);';
    return 'position:fixed;z-index:2147483000;' + v + h;
  }
  function avatarNode(avatar) {
    var a = avatar || {};
    if (a.type === 'url' && a.custom_url) {
      var img = el('img', 'width:32px;height:32px;border-radius:50%;object-fit:cover');
      img.src = a.custom_url; img.alt = '';
      return img;
    }
    if (a.type === 'image' && a.url) {
      var pic = el('img', 'width:32px;height:32px;border-radius:50%;object-fit:cover');
      pic.src = a.url; pic.alt = '';
      return pic;
    }
    return el('span', 'display:inline-block;width:32px;height:32px;border-radius:50%;background:linear-gradient(135deg,' +
      pick(a.color_1, '#2792dc') + ',' + pick(a.color_2, '#9ce6e6') + ')');
  }

  function Call(agentId, textOnly, ui) {
    this.ui = ui; this.textOnly = textOnly; this.playAt = 0; this.sources = [];
    var url = base.replace(/^http/, 'ws') + '/v1/convai/conversation?agent_id=' + encodeURIComponent(agentId);
    var ws = this.ws = new WebSocket(url);
    var self = this;
    ws.onopen = function () {
      ws.send(JSON.stringify({ type: 'conversation_initiation_client_data',
        conversation_config_override: textOnly ? { conversation: { text_only: true } } : {} }));
      if (!textOnly) self.microphone();
    };
    ws.onmessage = function (event) { self.onEvent(JSON.parse(event.data)); };
    ws.onclose = function (event) { self.stopAudio(); ui.ended(event.code === 1000 ? '' : event.reason); };
    ws.onerror = function () { ui.ended(''); };
  }
  Call.prototype.onEvent = function (m) {
    if (m.type === 'agent_response') this.ui.message('agent', m.agent_response_event.agent_response);
    else if (m.type === 'user_transcript') this.ui.message('user', m.user_transcription_event.user_transcript);
    else if (m.type === 'agent_response_correction') this.ui.correct(m.agent_response_correction_event.corrected_agent_response);
    else if (m.type === 'audio' && !this.textOnly) this.play(m.audio_event.audio_base_64);
    else if (m.type === 'interruption') this.stopPlayback();
    else if (m.type === 'ping') this.send({ type: 'pong', event_id: m.ping_event.event_id });
    else if (m.type === 'error') this.ui.notice(m.error_event.message);
  };
  Call.prototype.send = function (message) {
    if (this.ws.readyState === 1) this.ws.send(JSON.stringify(message));
  };
  Call.prototype.say = function (text) {
    this.send({ type: 'user_message', text: text });
  };
  Call.prototype.context = function () {
    if (!this.audio) this.audio = new AudioContext({ sampleRate: RATE });
    return this.audio;
  };
  Call.prototype.microphone = function () {
    var self = this;
    navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } }).then(function (stream) {
      self.stream = stream;
      var ctx = self.context();
      var source = ctx.createMediaStreamSource(stream);
      var node = self.processor = ctx.createScriptProcessor(2048, 1, 1);
      node.onaudioprocess = function (event) {
        var input = event.inputBuffer.getChannelData(0), pcm = new Int16Array(input.length);
        for (var i = 0; i < input.length; i++) pcm[i] = Math.max(-1, Math.min(1, input[i])) * 32767;
        self.send({ user_audio_chunk: toBase64(pcm) });
      };
      source.connect(node); node.connect(ctx.destination);
    }).catch(function () { self.ui.notice(self.ui.texts.microphone); });
  };
  Call.prototype.play = function (b64) {
    var raw = atob(b64), n = raw.length >> 1, ctx = this.context();
    if (n === 0) return;
    var buffer = ctx.createBuffer(1, n, RATE), data = buffer.getChannelData(0);
    for (var i = 0; i < n; i++) { var s = raw.charCodeAt(2 * i) | (raw.charCodeAt(2 * i + 1) << 8); data[i] = (s > 32767 ? s - 65536 : s) / 32768; }
    var src = ctx.createBufferSource(); src.buffer = buffer; src.connect(ctx.destination);
    this.playAt = Math.max(this.playAt, ctx.currentTime); src.start(this.playAt); this.playAt += buffer.duration;
    this.sources.push(src); this.ui.speaking(true);
    var self = this;
    src.onended = function () { self.sources.splice(self.sources.indexOf(src), 1); if (!self.sources.length) self.ui.speaking(false); };
  };
  Call.prototype.stopPlayback = function () {
    this.sources.forEach(function (s) { try { s.stop(); } catch (e) { /* already stopped */ } });
    this.sources = []; this.playAt = 0; this.ui.speaking(false);
  };
  Call.prototype.stopAudio = function () {
    this.stopPlayback();
    if (this.processor) this.processor.disconnect();
    if (this.stream) this.stream.getTracks().forEach(function (t) { t.stop(); });
    if (this.audio) this.audio.close();
    this.audio = null;
  };
  Call.prototype.end = function () { this.stopAudio(); if (this.ws.readyState <= 1) this.ws.close(1000); };

  function render(host, agentId, config) {
    var root = host.attachShadow ? host.attachShadow({ mode: 'open' }) : host;
    var c = config || {};
    var textOnly = c.text_only === true || host.getAttribute('text-only') === 'true';
    var texts = {
      action: pick(c.action_text, textOnly ? 'Chat with us' : 'Need help?'),
      start: pick(c.start_call_text, textOnly ? 'Start a chat' : 'Start a call'),
      end: pick(c.end_call_text, 'End'),
      placeholder: pick(c.text_contents && c.text_contents.input_placeholder, 'Send a message'),
      send: pick(c.text_contents && c.text_contents.send_message, 'Send'),
      agree: pick(c.text_contents && c.text_contents.agree, 'Agree'),
      listening: pick(c.listening_text, 'Listening'),
      speaking: pick(c.speaking_text, 'Talk to interrupt'),
      microphone: 'Microphone access denied, enable in browser settings.',
    };
    var bg = pick(c.bg_color, '#ffffff'), fg = pick(c.text_color, '#000000');
    var btn = pick(c.btn_color, '#000000'), btnText = pick(c.btn_text_color, '#ffffff');
    var radius = px(c.border_radius, '16px'), btnRadius = px(c.btn_radius, '18px');
    var border = pick(c.border_color, '#e1e1e1'), focus = pick(c.focus_color, '#000000');
    var box = el('div', placementStyle(c.placement) + 'font:14px/1.4 system-ui,sans-serif;color:' + fg + ';max-width:calc(100vw - 48px)');
    box.setAttribute('part', 'widget');
    var panel = el('div', 'display:none;flex-direction:column;gap:8px;width:320px;max-width:100%;max-height:60vh;margin-bottom:8px;padding:12px;background:' + bg +
      ';border:1px solid ' + border + ';border-radius:' + radius + ';box-shadow:0 8px 24px rgba(0,0,0,.15)');
    var log = el('div', 'display:flex;flex-direction:column;gap:6px;overflow-y:auto;min-height:60px');
    log.setAttribute('role', 'log'); log.setAttribute('aria-live', 'polite');
    var status = el('div', 'font-size:12px;opacity:.7');
    var form = el('form', 'display:flex;gap:6px');
    var input = el('input', 'flex:1;min-width:0;padding:8px;border:1px solid ' + border + ';border-radius:' + btnRadius + ';outline-color:' + focus);
    input.placeholder = texts.placeholder; input.setAttribute('aria-label', texts.placeholder);
    var sendButton = el('button', 'padding:8px 12px;border:0;cursor:pointer;background:' + btn + ';color:' + btnText + ';border-radius:' + btnRadius, texts.send);
    sendButton.type = 'submit';
    form.appendChild(input); form.appendChild(sendButton);
    var terms = el('div', 'display:none;flex-direction:column;gap:8px');
    if (c.terms_text) {
      terms.appendChild(el('div', 'white-space:pre-wrap', c.terms_text));
      var agree = el('button', 'align-self:flex-end;padding:8px 12px;border:0;cursor:pointer;background:' + btn + ';color:' + btnText + ';border-radius:' + btnRadius, texts.agree);
      agree.type = 'button';
      agree.onclick = function () {
        try { localStorage.setItem(termsKey, '1'); } catch (e) { /* not remembered */ }
        terms.style.display = 'none'; start();
      };
      terms.appendChild(agree);
    }
    panel.appendChild(terms); panel.appendChild(log); panel.appendChild(status); panel.appendChild(form);
    var button = el('button', 'display:flex;align-items:center;gap:10px;padding:8px 16px 8px 8px;border:1px solid ' + border + ';cursor:pointer;background:' + bg + ';color:' + fg +
      ';border-radius:' + radius + ';box-shadow:0 4px 12px rgba(0,0,0,.12)');
    button.type = 'button';
    var label = el('span', '', texts.start);
    if (c.variant !== 'tiny') button.appendChild(avatarNode(c.avatar));
    var words = el('span', 'display:flex;flex-direction:column;align-items:flex-start');
    if (c.variant !== 'tiny' && c.variant !== 'compact') words.appendChild(el('span', 'font-size:12px;opacity:.7', texts.action));
    words.appendChild(label);
    button.appendChild(words);
    box.appendChild(panel); box.appendChild(button);
    root.appendChild(box);
    var termsKey = pick(c.terms_key, 'timbre-convai-terms-' + agentId);
    var call = null;
    var ui = {
      texts: texts,
      message: function (who, text) {
        var mine = who === 'user';
        var bubble = el('div', 'max-width:85%;padding:6px 10px;border-radius:12px;white-space:pre-wrap;' +
          (mine ? 'align-self:flex-end;background:' + btn + ';color:' + btnText : 'align-self:flex-start;border:1px solid ' + border), text);
        bubble.setAttribute('data-role', who);
        log.appendChild(bubble); log.scrollTop = log.scrollHeight;
      },
      correct: function (text) {
        var agents = log.querySelectorAll('[data-role=agent]');
        if (agents.length) agents[agents.length - 1].textContent = text;
      },
      notice: function (text) { status.textContent = text; },
      speaking: function (on) { if (!textOnly) status.textContent = on ? texts.speaking : texts.listening; },
      ended: function (reason) { call = null; label.textContent = texts.start; if (reason) status.textContent = reason; },
    };
    function start() {
      log.textContent = ''; status.textContent = '';
      form.style.display = textOnly || c.text_input_enabled !== false ? 'flex' : 'none';
      call = new Call(agentId, textOnly, ui);
      label.textContent = texts.end;
      if (!textOnly) status.textContent = texts.listening;
    }
    button.onclick = function () {
      if (call) { call.end(); call = null; label.textContent = texts.start; return; }
      panel.style.display = 'flex';
      var agreed = false;
      try { agreed = localStorage.getItem(termsKey) === '1'; } catch (e) { agreed = false; }
      if (c.terms_text && !agreed) { terms.style.display = 'flex'; return; }
      start();
    };
    form.onsubmit = function (event) {
      event.preventDefault();
      var text = input.value.trim();
      if (!text || !call) return;
      // The server echoes the words as the user's transcript, which shows them.
      call.say(text); input.value = '';
    };
    if (c.default_expanded) panel.style.display = 'flex';
  }

  function refused(host, message) {
    var root = host.attachShadow ? host.attachShadow({ mode: 'open' }) : host;
    var note = el('div', placementStyle('bottom-right') + 'padding:8px 12px;background:#fff;color:#900;border:1px solid #e1e1e1;border-radius:12px;font:13px system-ui,sans-serif', message);
    note.setAttribute('role', 'status');
    root.appendChild(note);
  }

  customElements.define('elevenlabs-convai', class extends HTMLElement {
    connectedCallback() {
      if (this.started) return;
      this.started = true;
      var host = this, agentId = this.getAttribute('agent-id') || '';
      fetch(base + '/v1/convai/agents/' + encodeURIComponent(agentId) + '/widget', { mode: 'cors', credentials: 'omit' })
        .then(function (r) { return r.json().then(function (body) { return { ok: r.ok, body: body }; }); })
        .then(function (answer) {
          if (answer.ok) render(host, agentId, answer.body.widget_config);
          else refused(host, (answer.body.detail && answer.body.detail.message) || 'This agent is not available.');
        })
        .catch(function () { refused(host, 'This agent is not available.'); });
    }
  });
})();
`
