// The /dev/embed page: opens the pasted connect link with Adlink.open and lists its events.
(() => {
  const form = document.getElementById('embed-demo');
  const list = document.getElementById('embed-events');
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    window.Adlink.open({
      connectUrl: form.elements.connect_url.value,
      mode: 'popup',
      onEvent(adlinkEvent) {
        const item = document.createElement('li');
        item.textContent = JSON.stringify(adlinkEvent);
        list.append(item);
      },
    });
  });
})();
