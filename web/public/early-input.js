// Until the app has taken over a page the server rendered, a form sent or a button pressed is held
// and the fields changed are noted; web/main.tsx replays them (window.bemTakenOver).
(function () {
  'use strict';
  var held = null;
  var takenOver = false;
  var touched = [];
  // An element the app has already taken over (React keeps its props on it) answers by itself.
  function apps(el) {
    return Object.keys(el).some(function (key) {
      return key.indexOf('__reactProps$') === 0;
    });
  }
  function touch(event) {
    if (takenOver || apps(event.target) || touched.indexOf(event.target) >= 0) return;
    touched.push(event.target);
  }
  document.addEventListener('input', touch, true);
  document.addEventListener('change', touch, true);
  // Typed before this script arrived.
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
  window.bemHeldTarget = function () {
    return held ? held.form || held.button : null;
  };
  document.addEventListener(
    'submit',
    function (event) {
      if (takenOver || apps(event.target)) return;
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
      // A submit button sends its form: held as a submit.
      if (!button || (button.type === 'submit' && button.form) || apps(button)) return;
      event.preventDefault();
      held = { button: button };
    },
    true,
  );
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
})();
