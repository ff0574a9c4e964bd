// Counts down the seconds shown on the success page, then continues; the meta refresh does the same
// without JavaScript.
const countdown = document.getElementById('countdown');
const next = document.getElementById('continue');
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
    setTimeout(tick, 1000);
  };
  setTimeout(tick, 1000);
}
