/**
 * /widget.js: the host page's half of the script snippet. It replaces every
 * <a class="pitchside-widget" data-scope data-id data-theme data-lang data-size> with a sandboxed frame of
 * the embed, and sets each frame's height from the size its page reports (postMessage, from our origin and
 * that frame only). Plain ES2017, no dependencies, nothing global but one flag. With scripts off, the link
 * stays: the widget degrades to a link to the live scores.
 */
/* global document, window, URL, URLSearchParams */
(function () {
  'use strict';
  var OPTIONS = ['scope', 'id', 'theme', 'lang', 'size'];
  var HEIGHTS = { compact: 260, regular: 380 };
  var script =
    document.currentScript || document.querySelector('script[src$="/widget.js"], script[src*="/widget.js?"]');
  if (!script) return;
  var origin = new URL(script.src, window.location.href).origin;

  /** Inline and important: the host page's own rules (even `iframe { … !important }`) cannot undo these. */
  function style(element, rules) {
    for (var name in rules) element.style.setProperty(name, rules[name], 'important');
  }

  function upgrade(link) {
    if (link.getAttribute('data-pitchside-ready')) return;
    link.setAttribute('data-pitchside-ready', '1');
    var query = new URLSearchParams();
    OPTIONS.forEach(function (name) {
      var value = link.getAttribute('data-' + name);
      if (value) query.set(name, value);
    });
    var frame = document.createElement('iframe');
    frame.src = origin + '/embed/scores?' + query.toString();
    frame.title = link.getAttribute('data-title') || link.textContent || 'Pitchside';
    frame.setAttribute(
      'sandbox',
      'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox',
    );
    frame.setAttribute('loading', 'lazy');
    frame.setAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
    frame.className = 'pitchside-widget-frame';
    style(frame, {
      display: 'block',
      width: '100%',
      'max-width': '100%',
      height: (HEIGHTS[link.getAttribute('data-size')] || HEIGHTS.regular) + 'px',
      border: '0',
      margin: '0',
      padding: '0',
      background: 'transparent',
      'color-scheme': 'normal',
    });
    link.parentNode.replaceChild(frame, link);
  }

  function upgradeAll() {
    var links = document.querySelectorAll('a.pitchside-widget');
    for (var i = 0; i < links.length; i++) upgrade(links[i]);
  }

  // One listener for every copy of this script on the page.
  if (!window.__pitchsideWidget) {
    window.__pitchsideWidget = true;
    window.addEventListener('message', function (event) {
      if (event.origin !== origin) return;
      var data = event.data;
      if (!data || data.type !== 'pitchside:height' || typeof data.height !== 'number') return;
      var frames = document.querySelectorAll('iframe.pitchside-widget-frame');
      for (var i = 0; i < frames.length; i++) {
        if (frames[i].contentWindow === event.source) {
          style(frames[i], { height: Math.max(80, Math.min(4000, Math.ceil(data.height))) + 'px' });
        }
      }
    });
  }

  upgradeAll();
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', upgradeAll);
})();
