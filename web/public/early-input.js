// Runs as soon as it arrives, before the app's own script (a plain script: no build step, no
// imports). A page arrives rendered by the server; until the app has taken it over, a form sent
// or a button pressed would be lost (or would reload the page). Such an action is held here and
// done again once the app has taken over (web/main.tsx calls window.bemTakenOver). Should the
// app's script fail to load, the page says so and offers a reload.
(function () {
  'use strict';
  var held = null;
  var takenOver = false;
  // The fields the visitor typed in or changed meanwhile: the app is told of them once it is there.
  var touched = [];
  function touch(event) {
    if (!takenOver && touched.indexOf(event.target) < 0) touched.push(event.target);
  }
  document.addEventListener('input', touch, true);
  document.addEventListener('change', touch, true);
  // Typed before this script arrived: whatever differs from the page as it came.
  Array.prototype.forEach.call(document.querySelectorAll('input, textarea, select'), function (el) {
    var changed =
      el instanceof HTMLSelectElement
        ? Array.prototype.some.call(el.options, function (o) {
            return o.selected !== o.defaultSelected && o.hasAttribute('selected') !== o.selected;
          })
        : el.type === 'checkbox' || el.type === 'radio'
          ? el.checked !== el.defaultChecked
          : el.value !== el.defaultValue;
    if (changed) touch({ target: el });
  });
  window.bemTouchedFields = function () {
    return touched.slice();
  };
  /** The element of the held action (a form, a button), if any. */
  window.bemHeldTarget = function () {
    return held ? held.form || held.button : null;
  };

  document.addEventListener(
    'submit',
    function (event) {
      if (takenOver) return;
      event.preventDefault();
      held = { form: event.target, submitter: event.submitter || null };
    },
    true,
  );
  document.addEventListener(
    'click',
    function (event) {
      if (takenOver || !(event.target instanceof Element)) return;
      var button = event.target.closest('button');
      // A submit button sends its form: the submit listener above holds that.
      if (!button || (button.type === 'submit' && button.form)) return;
      event.preventDefault();
      held = { button: button };
    },
    true,
  );

  /** Called by the app once it has taken the page over: the held action, done again. */
  window.bemTakenOver = function () {
    takenOver = true;
    var action = held;
    held = null;
    if (!action) return;
    if (action.form && action.form.isConnected) {
      var submitter = action.submitter && action.submitter.isConnected ? action.submitter : null;
      if (submitter) action.form.requestSubmit(submitter);
      else action.form.requestSubmit();
    } else if (action.button && action.button.isConnected) {
      action.button.click();
    }
  };

  // The app's own script failed to load (a new version was installed meanwhile, the connection
  // dropped): nothing on the page will answer, so say so.
  window.addEventListener(
    'error',
    function (event) {
      var target = event.target;
      // The app's entry is the page's first module script.
      if (takenOver || target !== document.querySelector('script[type="module"]')) return;
      if (document.getElementById('early-failed')) return;
      var box = document.createElement('div');
      box.id = 'early-failed';
      box.className = 'early-failed';
      box.setAttribute('role', 'alert');
      box.textContent = 'Halaman belum dapat digunakan: sebagian kodenya gagal dimuat. ';
      var reload = document.createElement('button');
      reload.type = 'button';
      reload.className = 'btn btn-primary';
      reload.textContent = 'Muat ulang';
      reload.addEventListener('click', function () {
        window.location.reload();
      });
      box.appendChild(reload);
      document.body.appendChild(box);
    },
    true,
  );
})();
