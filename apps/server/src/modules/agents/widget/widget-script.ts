// The embeddable conversation widget, served as /convai-widget/index.js: plain browser
// JavaScript with no framework. A page adds the script and `<elevenlabs-convai agent-id="…">`
// (the element ElevenLabs' widget uses); the element asks this server for the agent's widget
// configuration (answered only to pages on the agent's allowlist) and draws a call button in the
// agent's colours, radii and placement, with its avatar and terms. The button opens a voice call
// or, for a text-only agent or when the visitor types, a text chat, both over the conversation
// WebSocket of the server the script came from. Text is set with textContent, never as HTML.
//
// In a voice call the microphone is captured at the browser's own rate and resampled to the
// input format the server announces in its initiation metadata (PCM at any rate, or μ-law), and
// the agent's audio is decoded from its announced output format and played in order. The audio
// context is made while the visitor's click is still being handled, so browsers that only let a
// page play sound after a gesture let it play the agent's voice.

export const WIDGET_SCRIPT = String.raw`(function () {
  'use strict';
  if (window.customElements && customElements.get('elevenlabs-convai')) return;
  var script = document.currentScript;
  var base = script && script.src ? new URL(script.src).origin : location.origin;
  var DEFAULT_FORMAT = 'pcm_16000';
  function el(tag, style, text) {
    var node = document.createElement(tag);
    if (style) node.setAttribute('style', style);
    if (text) node.textContent = text;
    return node;
  }
  function pick(value, fallback) { return typeof value === 'string' && value ? value : fallback; }
  function px(value, fallback) { return typeof value === 'number' ? value + 'px' : fallback; }
  function toBase64(bytes) {
    var out = '';
    for (var i = 0; i < bytes.length; i += 0x8000) out += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    return btoa(out);
  }
  // 'pcm_22050' → PCM at 22050 Hz; 'ulaw_8000' → μ-law at 8 kHz; anything else → 16 kHz PCM.
  function formatOf(name) {
    var m = /^(pcm|ulaw)_(\d+)$/.exec(String(name || DEFAULT_FORMAT)) || ['', 'pcm', '16000'];
    return { ulaw: m[1] === 'ulaw', rate: Number(m[2]) };
  }
  function ulawEncode(sample) {
    var s = Math.max(-32635, Math.min(32635, sample)), sign = s < 0 ? 0x80 : 0;
    if (sign) s = -s;
    s += 0x84;
    var exponent = 7;
    for (var mask = 0x4000; (s & mask) === 0 && exponent > 0; mask >>= 1) exponent--;
    return ~(sign | (exponent << 4) | ((s >> (exponent + 3)) & 0x0f)) & 0xff;
  }
  function ulawDecode(byte) {
    var u = ~byte & 0xff, t = (((u & 0x0f) << 3) + 0x84) << ((u & 0x70) >> 4);
    return u & 0x80 ? 0x84 - t : t - 0x84;
  }
  // Float samples at one rate to another by linear interpolation, carrying the position and the
  // last sample across chunks so that the joins are seamless. It is only needed where the
  // browser could not capture at the rate the server hears (see Call.prototype.context).
  function Resampler(from, to) { this.step = from / to; this.pos = 0; this.last = 0; }
  Resampler.prototype.push = function (input) {
    if (this.step === 1) return input;
    var out = [], pos = this.pos, n = input.length;
    while (pos <= n - 1) {
      var i = Math.floor(pos), f = pos - i;
      var a = i < 0 ? this.last : input[i], b = i + 1 < n ? input[i + 1] : a;
      out.push(a + (b - a) * f);
      pos += this.step;
    }
    this.pos = pos - n;
    if (n) this.last = input[n - 1];
    return out;
  };
  function encode(samples, format) {
    var bytes = new Uint8Array(format.ulaw ? samples.length : samples.length * 2);
    for (var i = 0; i < samples.length; i++) {
      var v = Math.round(Math.max(-1, Math.min(1, samples[i])) * 32767);
      if (format.ulaw) bytes[i] = ulawEncode(v);
      else { bytes[2 * i] = v & 0xff; bytes[2 * i + 1] = (v >> 8) & 0xff; }
    }
    return toBase64(bytes);
  }
  function decode(b64, format) {
    var raw = atob(b64), n = format.ulaw ? raw.length : raw.length >> 1, out = new Float32Array(n);
    for (var i = 0; i < n; i++) {
      if (format.ulaw) { out[i] = ulawDecode(raw.charCodeAt(i)) / 32768; continue; }
      var s = raw.charCodeAt(2 * i) | (raw.charCodeAt(2 * i + 1) << 8);
      out[i] = (s > 32767 ? s - 65536 : s) / 32768;
    }
    return out;
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
    this.input = formatOf(DEFAULT_FORMAT); this.output = formatOf(DEFAULT_FORMAT);
    if (!textOnly) this.context();
    var url = base.replace(/^http/, 'ws') + '/v1/convai/conversation?agent_id=' + encodeURIComponent(agentId);
    var ws = this.ws = new WebSocket(url);
    var self = this;
    ws.onopen = function () {
      ws.send(JSON.stringify({ type: 'conversation_initiation_client_data',
        conversation_config_override: textOnly ? { conversation: { text_only: true } } : {} }));
    };
    ws.onmessage = function (event) { self.onEvent(JSON.parse(event.data)); };
    ws.onclose = function (event) { self.stopAudio(); ui.ended(event.code === 1000 ? '' : event.reason); };
    ws.onerror = function () { ui.ended(''); };
  }
  Call.prototype.onEvent = function (m) {
    if (m.type === 'conversation_initiation_metadata') this.begin(m.conversation_initiation_metadata_event);
    else if (m.type === 'agent_response') this.ui.message('agent', m.agent_response_event.agent_response);
    else if (m.type === 'user_transcript') this.ui.message('user', m.user_transcription_event.user_transcript);
    else if (m.type === 'agent_response_correction') this.ui.correct(m.agent_response_correction_event.corrected_agent_response);
    else if (m.type === 'audio' && !this.textOnly) this.play(m.audio_event.audio_base_64);
    else if (m.type === 'interruption') this.stopPlayback();
    else if (m.type === 'ping') this.send({ type: 'pong', event_id: m.ping_event.event_id });
    else if (m.type === 'error') this.ui.notice(m.error_event.message);
  };
  // The server has said which formats it hears and speaks; a voice call opens the microphone.
  Call.prototype.begin = function (meta) {
    this.input = formatOf(meta && meta.user_input_audio_format);
    this.output = formatOf(meta && meta.agent_output_audio_format);
    if (!this.textOnly) this.microphone();
  };
  Call.prototype.send = function (message) {
    if (this.ws.readyState === 1) this.ws.send(JSON.stringify(message));
  };
  Call.prototype.say = function (text) {
    this.send({ type: 'user_message', text: text });
  };
  // The browser's own resampler is better than ours, so the context runs at the rate agents hear
  // by default where the browser allows it; the announced format may still differ.
  Call.prototype.context = function () {
    if (!this.audio) {
      var Context = window.AudioContext || window.webkitAudioContext;
      try { this.audio = new Context({ sampleRate: formatOf(DEFAULT_FORMAT).rate }); } catch (e) { this.audio = new Context(); }
      if (this.audio.state === 'suspended') this.audio.resume();
    }
    return this.audio;
  };
  Call.prototype.microphone = function () {
    var self = this;
    if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) { self.ui.notice(self.ui.texts.microphone); return; }
    navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true, channelCount: 1 } }).then(function (stream) {
      if (!self.audio) { stream.getTracks().forEach(function (t) { t.stop(); }); return; }
      self.stream = stream;
      var ctx = self.context(), source;
      // Some browsers capture only at the device's rate: then a second context at that rate.
      try { source = ctx.createMediaStreamSource(stream); } catch (e) {
        ctx = self.capture = new (window.AudioContext || window.webkitAudioContext)();
        source = ctx.createMediaStreamSource(stream);
      }
      var format = self.input, resampler = new Resampler(ctx.sampleRate, format.rate);
      var node = self.processor = ctx.createScriptProcessor(4096, 1, 1);
      node.onaudioprocess = function (event) {
        var samples = resampler.push(event.inputBuffer.getChannelData(0));
        if (samples.length) self.send({ user_audio_chunk: encode(samples, format) });
      };
      // A script processor only runs while connected onwards; its output is silence.
      self.source = source; source.connect(node); node.connect(ctx.destination);
    }).catch(function () { self.ui.notice(self.ui.texts.microphone); });
  };
  Call.prototype.play = function (b64) {
    var samples = decode(b64, this.output), ctx = this.audio;
    if (!samples.length || !ctx) return;
    // A buffer at the agent's rate; the audio context resamples it to the device's as it plays.
    var buffer = ctx.createBuffer(1, samples.length, this.output.rate);
    buffer.getChannelData(0).set(samples);
    var src = ctx.createBufferSource(); src.buffer = buffer; src.connect(ctx.destination);
    this.playAt = Math.max(this.playAt, ctx.currentTime); src.start(this.playAt); this.playAt += buffer.duration;
    this.sources.push(src); this.ui.speaking(true);
    var self = this;
    src.onended = function () {
      var at = self.sources.indexOf(src);
      if (at >= 0) self.sources.splice(at, 1);
      if (!self.sources.length) self.ui.speaking(false);
    };
  };
  Call.prototype.stopPlayback = function () {
    this.sources.forEach(function (s) { try { s.stop(); } catch (e) { /* already stopped */ } });
    this.sources = []; this.playAt = 0; this.ui.speaking(false);
  };
  Call.prototype.stopAudio = function () {
    this.stopPlayback();
    if (this.processor) { this.processor.onaudioprocess = null; this.processor.disconnect(); }
    if (this.source) this.source.disconnect();
    if (this.stream) this.stream.getTracks().forEach(function (t) { t.stop(); });
    if (this.audio) this.audio.close();
    if (this.capture) this.capture.close();
    this.audio = null; this.capture = null; this.processor = null; this.source = null; this.stream = null;
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
