// Narrows the "Choose ad accounts" list to the names and ids containing what is typed. Without
// JavaScript the field stays hidden and every account is listed; hidden accounts keep their checkbox
// state, so filtering never changes the choice.
const filter = document.getElementById('account-filter');
const input = document.getElementById('account-filter-input');
const count = document.getElementById('account-filter-count');
const items = [...document.querySelectorAll('#account-list > li')];
if (filter && input && count) {
  filter.hidden = false;
  let timer;
  const apply = () => {
    const wanted = input.value.trim().toLowerCase();
    let shown = 0;
    for (const item of items) {
      const match = item.dataset.search.includes(wanted);
      item.hidden = !match;
      if (match) shown += 1;
    }
    const template = shown === 1 ? count.dataset.one : count.dataset.many;
    count.textContent = template.replace('{shown}', String(shown)).replace('{total}', String(items.length));
  };
  // Announced once typing pauses, not at every key.
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(apply, 250);
  });
  // Enter in the search field filters instead of sending the form.
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      clearTimeout(timer);
      apply();
    }
  });
}
