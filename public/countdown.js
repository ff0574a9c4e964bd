// Counts down the seconds shown on the success page, then sends its Continue form (a POST that carries the
// visit's token; without JavaScript the Continue button does the same). "Stay on this page" stops the
// countdown (WCAG 2.2.1: a time limit can be turned off).
const countdown = document.getElementById('countdown');
const form = document.getElementById('finish');
const next = document.getElementById('continue');
const stay = document.getElementById('stay');
if (countdown && form && next) {
  let seconds = Number(countdown.dataset.seconds);
  const template = countdown.textContent.trim();
  const tick = () => {
    seconds -= 1;
    if (seconds <= 0) {
      form.requestSubmit(next);
      return;
    }
    countdown.textContent = template.replace(/\d+(?=\D*$)/, String(seconds));
    timer = setTimeout(tick, 1000);
  };
  let timer = setTimeout(tick, 1000);
  if (stay) {
    stay.hidden = false;
    stay.addEventListener('click', () => {
      clearTimeout(timer);
      countdown.textContent = countdown.dataset.stopped;
      countdown.setAttribute('role', 'status');
      stay.hidden = true;
      next.focus();
    });
  }
}
