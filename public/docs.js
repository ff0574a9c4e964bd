// The API reference at /docs: Swagger UI (served by adlink from swagger-ui-dist) on /openapi.json.
(() => {
  const root = document.getElementById('reference');
  const h = (system, tag, props, child) => system.React.createElement(tag, props, child);
  // Swagger UI puts its operations in <main> but leaves the title and the server/authorize bar outside
  // any landmark; give them one each (a <header> inside its <section> would not be a banner).
  const landmarks = (system) => ({
    wrapComponents: {
      InfoContainer: (Original) => (props) =>
        h(system, 'div', { role: 'banner' }, h(system, Original, props)),
      ServersContainer: (Original) => (props) =>
        h(system, 'section', { 'aria-label': 'Server' }, h(system, Original, props)),
      AuthorizeBtnContainer: (Original) => (props) =>
        h(system, 'section', { 'aria-label': 'Authorization' }, h(system, Original, props)),
    },
  });
  // Its selects have no label and its code blocks scroll without being focusable: name the one and
  // let the keyboard reach the other, whenever Swagger UI renders more of them.
  const nameOf = (select) => {
    if (select.id === 'servers') return 'Server';
    if (select.classList.contains('examples-select-element')) return 'Example';
    return select.closest('tr[data-param-name]')?.dataset.paramName ?? 'Media type';
  };
  const label = () => {
    for (const select of root.querySelectorAll('select:not([aria-label])')) {
      select.setAttribute('aria-label', nameOf(select));
    }
    for (const pre of root.querySelectorAll('pre:not([tabindex])')) pre.setAttribute('tabindex', '0');
  };
  new MutationObserver(label).observe(root, { childList: true, subtree: true });
  window.SwaggerUIBundle({
    url: root.dataset.url,
    domNode: root,
    // Its deep links put a link inside each operation's toggle button (nested interactive controls).
    deepLinking: false,
    // Its highlighting colours fall short of WCAG contrast on the dark code background.
    syntaxHighlight: false,
    validatorUrl: null,
    presets: [window.SwaggerUIBundle.presets.apis],
    plugins: [landmarks],
    layout: 'BaseLayout',
  });
})();
