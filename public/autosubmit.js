// Submits the landing page's form, so a real browser continues without a click. A link scanner that
// does not run scripts only ever sees the page; the POST is what uses the link.
document.querySelector('form[data-autosubmit]')?.requestSubmit();
