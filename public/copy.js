// Copy buttons: a button with data-copy-target copies the text of the element with that id, and says so
// in the live region named by data-copy-status. The buttons are hidden until this script shows them:
// without JavaScript the secret is still plain, selectable text.
const selectText = (element) => {
  const range = document.createRange();
  range.selectNodeContents(element);
  const selection = window.getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
};

for (const button of document.querySelectorAll('button[data-copy-target]')) {
  const target = document.getElementById(button.dataset.copyTarget);
  if (!target) continue;
  const status = document.getElementById(button.dataset.copyStatus ?? '');
  const announce = (message) => {
    if (!status) return;
    // Cleared first, so saying the same thing twice is announced twice.
    status.textContent = '';
    setTimeout(() => {
      status.textContent = message;
    }, 50);
  };
  button.hidden = false;
  button.addEventListener('click', async () => {
    const text = target.textContent.trim();
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      announce(button.dataset.copied ?? '');
    } catch {
      // No clipboard access (an http page, a denied permission): select it for Ctrl+C instead.
      selectText(target);
      announce(button.dataset.copyFailed ?? '');
    }
  });
}
