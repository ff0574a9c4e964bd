// Counts down the seconds shown on the success page, then continues; a meta refresh does the same
// without JavaScript. "Stay on this page" stops the countdown (WCAG 2.2.1: a time limit can be turned off).
const countdown = document.getElementById('countdown');
const next = document.getElementById('continue');
const stay = document.getElementById('stay');
if (countdown && next) {
  let seconds = Number(countdown.dataset.seconds);
  const template = countdown.textContent.trim();
  const tick = () => {
    seconds -= 1;
    if (seconds <= 0) {
      window.location.assign(next.href);
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
