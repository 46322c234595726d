// The page behaviour of a generated docs site (bundled with the try-it console into `assets/site.js`
// by `site.ts`; no dependencies; it builds DOM nodes and sets only textContent from data): theme
// toggle, phone menu, code-sample tabs, and search over search-index.json (ranked by
// `search-rank.ts`).
import { prepare, search } from './search-rank.ts';

(function () {
  'use strict';
  var doc = document.documentElement;
  var root = doc.getAttribute('data-root') || '';
  var LOCAL_URL = /^[a-z0-9._\/-]*(#[a-z0-9._-]*)?$/;

  function load(key) {
    try { return window.localStorage.getItem(key); } catch (e) { return null; }
  }
  function save(key, value) {
    try { window.localStorage.setItem(key, value); } catch (e) { /* storage unavailable */ }
  }

  // ---- Theme: prefers-color-scheme until the reader picks one; the choice is remembered.
  var THEME_KEY = 'docs-theme';
  var stored = load(THEME_KEY);
  if (stored === 'light' || stored === 'dark') doc.setAttribute('data-theme', stored);
  function currentTheme() {
    var set = doc.getAttribute('data-theme');
    if (set === 'light' || set === 'dark') return set;
    return window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  var themeButton = document.querySelector('.theme-toggle');
  function labelTheme() {
    if (!themeButton) return;
    var dark = currentTheme() === 'dark';
    themeButton.setAttribute('aria-pressed', dark ? 'true' : 'false');
    themeButton.textContent = dark ? 'Light' : 'Dark';
  }
  if (themeButton) {
    labelTheme();
    themeButton.addEventListener('click', function () {
      var next = currentTheme() === 'dark' ? 'light' : 'dark';
      doc.setAttribute('data-theme', next);
      save(THEME_KEY, next);
      labelTheme();
    });
  }

  // ---- Phone menu.
  var navButton = document.querySelector('.nav-toggle');
  if (navButton) {
    navButton.addEventListener('click', function () {
      var open = document.body.classList.toggle('nav-open');
      navButton.setAttribute('aria-expanded', open ? 'true' : 'false');
    });
    var sidebar = document.getElementById('sidebar');
    if (sidebar) sidebar.addEventListener('click', function (event) {
      if (event.target && event.target.closest && event.target.closest('a')) {
        document.body.classList.remove('nav-open');
        navButton.setAttribute('aria-expanded', 'false');
      }
    });
  }

  // ---- Code-sample tabs: one language for every operation on the page, remembered.
  var LANG_KEY = 'docs-sample-lang';
  function selectLanguage(lang, focusIn) {
    var sets = document.querySelectorAll('[data-tabs]');
    for (var i = 0; i < sets.length; i++) {
      var tabs = sets[i].querySelectorAll('[role="tab"]');
      var has = false;
      for (var j = 0; j < tabs.length; j++) if (tabs[j].getAttribute('data-lang') === lang) has = true;
      if (!has) continue;
      for (var k = 0; k < tabs.length; k++) {
        var on = tabs[k].getAttribute('data-lang') === lang;
        tabs[k].setAttribute('aria-selected', on ? 'true' : 'false');
        tabs[k].setAttribute('tabindex', on ? '0' : '-1');
        if (on && focusIn === sets[i]) tabs[k].focus();
      }
      var panels = sets[i].querySelectorAll('[role="tabpanel"]');
      for (var m = 0; m < panels.length; m++) panels[m].hidden = panels[m].getAttribute('data-lang') !== lang;
    }
  }
  document.addEventListener('click', function (event) {
    var tab = event.target && event.target.closest ? event.target.closest('[role="tab"][data-lang]') : null;
    if (!tab) return;
    var lang = tab.getAttribute('data-lang');
    var anchorTop = tab.getBoundingClientRect().top;
    selectLanguage(lang, null);
    save(LANG_KEY, lang);
    // Keep the clicked tab where it was while other sections change height.
    window.scrollBy(0, tab.getBoundingClientRect().top - anchorTop);
  });
  document.addEventListener('keydown', function (event) {
    var tab = event.target && event.target.closest ? event.target.closest('[role="tab"][data-lang]') : null;
    if (!tab || (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft')) return;
    var set = tab.closest('[data-tabs]');
    var tabs = Array.prototype.slice.call(set.querySelectorAll('[role="tab"]'));
    var index = tabs.indexOf(tab) + (event.key === 'ArrowRight' ? 1 : -1);
    var next = tabs[(index + tabs.length) % tabs.length];
    selectLanguage(next.getAttribute('data-lang'), set);
    save(LANG_KEY, next.getAttribute('data-lang'));
    event.preventDefault();
  });
  var savedLang = load(LANG_KEY);
  if (savedLang) selectLanguage(savedLang, null);

  // ---- Search over the prebuilt index (fetched once, on first use).
  var input = document.getElementById('search');
  var list = document.getElementById('search-results');
  var index = null;
  var loading = null;
  var active = -1;
  function loadIndex() {
    if (index || loading) return loading;
    loading = fetch(root + 'search-index.json', { credentials: 'same-origin' })
      .then(function (response) { if (!response.ok) throw new Error('search index: ' + response.status); return response.json(); })
      .then(function (data) {
        index = (data && data.items ? data.items : []).map(prepare);
        render();
      })
      .catch(function () { index = []; loading = null; });
    return loading;
  }
  function render() {
    if (!input || !list) return;
    var query = input.value.trim().toLowerCase();
    while (list.firstChild) list.removeChild(list.firstChild);
    active = -1;
    if (query === '' || !index) { list.hidden = true; return; }
    var hits = search(index, query, 20).map(function (i) { return { entry: index[i] }; });
    if (hits.length === 0) {
      var none = document.createElement('li');
      none.className = 'search-empty';
      none.textContent = 'No matches';
      list.appendChild(none);
    }
    for (var j = 0; j < hits.length; j++) {
      var item = hits[j].entry.item;
      if (!LOCAL_URL.test(item.u)) continue;
      var li = document.createElement('li');
      li.setAttribute('role', 'option');
      var a = document.createElement('a');
      a.href = root + item.u;
      var kind = document.createElement('span');
      kind.className = 'search-kind search-kind-' + (item.k === 'operation' || item.k === 'schema' || item.k === 'guide' ? item.k : 'other');
      kind.textContent = item.k;
      var title = document.createElement('span');
      title.className = 'search-title';
      title.textContent = item.t;
      var sub = document.createElement('span');
      sub.className = 'search-sub';
      sub.textContent = item.s;
      a.appendChild(kind);
      a.appendChild(title);
      a.appendChild(sub);
      a.addEventListener('click', closeResults);
      li.appendChild(a);
      list.appendChild(li);
    }
    list.hidden = false;
  }
  function closeResults() {
    if (list) list.hidden = true;
  }
  function move(delta) {
    var links = list ? list.querySelectorAll('a') : [];
    if (links.length === 0) return;
    active = (active + delta + links.length) % links.length;
    for (var i = 0; i < links.length; i++) links[i].classList.toggle('active', i === active);
    links[active].scrollIntoView({ block: 'nearest' });
  }
  if (input && list) {
    input.addEventListener('focus', loadIndex);
    input.addEventListener('input', function () { if (index) render(); else loadIndex(); });
    input.addEventListener('keydown', function (event) {
      if (event.key === 'ArrowDown') { move(1); event.preventDefault(); }
      else if (event.key === 'ArrowUp') { move(-1); event.preventDefault(); }
      else if (event.key === 'Enter') {
        var links = list.querySelectorAll('a');
        var target = links[active >= 0 ? active : 0];
        if (target) { window.location.href = target.href; closeResults(); }
        event.preventDefault();
      } else if (event.key === 'Escape') { input.value = ''; closeResults(); }
    });
    document.addEventListener('click', function (event) {
      if (!event.target.closest || !event.target.closest('.search')) closeResults();
    });
    document.addEventListener('keydown', function (event) {
      if (event.key === '/' && document.activeElement !== input && !(event.target && (event.target.tagName === 'INPUT' || event.target.tagName === 'TEXTAREA'))) {
        input.focus();
        event.preventDefault();
      }
    });
  }

  // ---- Deep links: open the <details> that hold the target, so the anchor is visible.
  function revealHash() {
    var id = decodeURIComponent(window.location.hash.slice(1));
    if (!id) return;
    var target = document.getElementById(id);
    for (var node = target; node; node = node.parentElement) if (node.tagName === 'DETAILS') node.open = true;
  }
  window.addEventListener('hashchange', revealHash);
  revealHash();
})();
