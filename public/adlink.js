// adlink connect embed: Adlink.open({ connectUrl, onEvent, mode: 'popup' | 'redirect' }). No dependencies.
(() => {
  const POLL_MS = 500;

  function open({ connectUrl, onEvent = () => {}, mode = 'popup' }) {
    const url = new URL(connectUrl, window.location.href);
    const redirect = (event) => {
      if (event) onEvent(event);
      window.location.assign(url.href);
    };
    if (mode === 'redirect') return redirect();
    const width = 520;
    const height = 720;
    const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
    const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
    const popup = window.open(
      url.href,
      'adlink-connect',
      `popup,width=${width},height=${height},left=${left},top=${top}`,
    );
    // Blocked (or a browser without popups, such as mobile Safari in some modes): the plain link.
    if (!popup || popup.closed) return redirect({ type: 'redirect' });

    let finished = false;
    const onMessage = (event) => {
      if (event.origin !== url.origin || event.source !== popup) return;
      const { source, type, ...fields } = event.data ?? {};
      if (source !== 'adlink' || typeof type !== 'string') return;
      onEvent({ type, ...fields });
      if (type === 'done') popup.close();
    };
    window.addEventListener('message', onMessage);
    const timer = window.setInterval(() => {
      if (!popup.closed || finished) return;
      finished = true;
      window.clearInterval(timer);
      window.removeEventListener('message', onMessage);
      onEvent({ type: 'closed' });
    }, POLL_MS);
    return { close: () => popup.close() };
  }

  window.Adlink = { open };
})();
