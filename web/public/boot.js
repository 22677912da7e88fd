// Loads the app once the pre-rendered page has painted (see shared/src/pages/paint-first.ts): the
// head names the entry and the modules to preload in inert metas, so the stylesheets and the
// largest image have the connection to themselves until the first paint.
(function () {
  var html = document.documentElement;
  var started = false;
  // A few requests per task: starting one costs the main thread a few milliseconds on a phone, and
  // a product page names some thirty modules, which in one task held it for a quarter of a second.
  // From the last named (the entry's own imports, the largest first) to the first (the route's
  // chunks); the entry once all are on their way, so its imports are found already requested. All
  // at once in a background tab, whose timers wait up to a second and where no one is tapping.
  var PRELOADS_PER_TASK = 3;
  function preload(href) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
  function loadEntry() {
    var entry = document.querySelector('meta[name="app-entry"]');
    if (!entry) return;
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry.content;
    script.onload = function () {
      html.setAttribute('data-app-script', 'loaded');
    };
    script.onerror = function () {
      html.setAttribute('data-app-script', 'failed');
    };
    document.head.appendChild(script);
  }
  // Then the same modules are run one per task, each after its imports, and the entry last: the
  // entry's imports (named after the entry's meta, React's start among them), then the route's
  // chunks (named before it, each after its own imports: api/src/services/pages/page-documents.ts).
  // Run by the entry's import instead, the whole graph ran in one task: the schemas, the route's
  // code and React's start together held a phone's main thread for a third of a second, and a tap
  // waited for all of it. A module that fails here fails again when the entry imports it, which
  // reports it (data-app-script="failed", or the router's own retry for a route's chunk).
  function runInTurn(hrefs) {
    var next = 0;
    function later() {
      setTimeout(runOne, 0);
    }
    function runOne() {
      if (next >= hrefs.length) return loadEntry();
      import(hrefs[next++]).then(later, later);
    }
    runOne();
  }
  function load() {
    if (started) return;
    started = true;
    var metas = document.querySelectorAll('meta[name="app-preload"], meta[name="app-entry"]');
    var hrefs = [];
    var routeChunks = [];
    var entryImports = [];
    for (var i = 0; i < metas.length; i++) {
      if (metas[i].name === 'app-entry') {
        routeChunks = entryImports;
        entryImports = [];
        continue;
      }
      hrefs.push(metas[i].content);
      entryImports.push(metas[i].content);
    }
    var next = hrefs.length - 1;
    (function requestSome() {
      var visible = document.visibilityState === 'visible';
      var end = visible ? next - PRELOADS_PER_TASK : -1;
      for (; next > end && next >= 0; next--) preload(hrefs[next]);
      if (next >= 0) setTimeout(requestSome, 0);
      else if (visible) runInTurn(entryImports.concat(routeChunks));
      else loadEntry();
    })();
  }
  // The forms address the guest's cart by the `guest-id` cookie; the app keeps the same id in
  // local storage (`guestUserId`) and renews the cookie from it, but only once it runs. Should the
  // cookie be gone (cleared, expired) while storage kept the id, a form sent before the app would
  // start a new guest and the app would then adopt it, losing the earlier cart: so the cookie is
  // written back from storage here, before any tap. Names and shape as in shared/src/constants
  // (GUEST_ID_COOKIE, STORAGE_KEYS.guestUserId) and shared/src/domain/identity; 30 days as the
  // server's own cookie (api/src/services/forms/form-guard.ts).
  function keepGuestCookie() {
    try {
      if (/(?:^|;\s*)guest-id=/.test(document.cookie)) return;
      var id = window.localStorage.getItem('guestUserId');
      if (!id || !/^guest-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(id)) return;
      document.cookie =
        'guest-id=' + id + '; path=/; max-age=2592000; samesite=lax' + (location.protocol === 'https:' ? '; secure' : '');
    } catch (e) {
      // Storage refused (a privacy setting): the forms start a guest of their own, as before.
    }
  }
  keepGuestCookie();
  var root = document.getElementById('root');
  // Until the app has taken the page over (#root[data-hydrated], set in the same commit), the
  // server-rendered forms work as plain HTML forms (POST, answered with 303 to the page that shows
  // the result). Two things need a hand meanwhile: a quantity chosen in a cart line's select sends
  // its form (there is no Update button once scripts run), and a form already sent is not sent
  // again by a second tap while the browser waits for the answer (it would add twice).
  function appOwnsPage() {
    return root !== null && root.hasAttribute('data-hydrated');
  }
  document.addEventListener('change', function (event) {
    var field = event.target;
    if (appOwnsPage() || !field || !field.form || !field.matches('select[data-submit-on-change]')) return;
    if (field.form.requestSubmit) field.form.requestSubmit();
    else field.form.submit();
  });
  document.addEventListener('submit', function (event) {
    var form = event.target;
    if (appOwnsPage() || event.defaultPrevented || !form || (form.method || '').toLowerCase() !== 'post') return;
    keepGuestCookie();
    if (form.hasAttribute('data-sent')) {
      event.preventDefault();
      return;
    }
    form.setAttribute('data-sent', '');
  });
  // Back to a page kept in the back/forward cache: its forms can be sent again.
  window.addEventListener('pageshow', function (event) {
    if (!event.persisted) return;
    var sent = document.querySelectorAll('form[data-sent]');
    for (var i = 0; i < sent.length; i++) sent[i].removeAttribute('data-sent');
  });
  var supported = window.PerformanceObserver && (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') !== -1;
  // At once: in a background tab (it never paints), for the SPA's empty shell (nothing to paint
  // before the app) and where the browser does not report paints.
  if (document.visibilityState !== 'visible' || !root || !root.firstElementChild || !supported) {
    load();
    return;
  }
  new PerformanceObserver(function (list, observer) {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    setTimeout(load, 0);
  }).observe({ type: 'paint', buffered: true });
  // A page whose paint is never reported still loads.
  setTimeout(load, 3000);
  document.addEventListener('visibilitychange', load, { once: true });
})();
