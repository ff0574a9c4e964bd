// Tells the vendor's page that opened this one (adlink.js popup mode) what happened, only at the
// origins the page names (the company's redirect URIs); the browser drops a message for another origin.
(() => {
  const data = document.getElementById('adlink-opener');
  if (!data || !window.opener) return;
  const message = { source: 'adlink', ...JSON.parse(data.dataset.message) };
  for (const origin of data.dataset.origins.split(' ').filter(Boolean)) {
    window.opener.postMessage(message, origin);
  }
})();
