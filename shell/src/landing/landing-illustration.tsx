// A picture of the product made of tokens (no screenshot, no image): a day of sessions beside a
// client list, in the design system's colours, so it follows light and dark. Decorative only.
const sessions = [
  { time: '9:00', initials: 'MR', width: '62%', tone: 'accent' },
  { time: '10:00', initials: 'JT', width: '48%', tone: 'info' },
  { time: '13:30', initials: 'AL', width: '70%', tone: 'success' },
  { time: '15:00', initials: 'SK', width: '54%', tone: 'accent' },
] as const;

export function LandingIllustration() {
  return (
    <div className="landing-illustration" aria-hidden="true">
      <div className="illustration-window">
        <div className="illustration-bar">
          <span />
          <span />
          <span />
        </div>
        <div className="illustration-body">
          <div className="illustration-side">
            <span className="illustration-pill illustration-pill-active" />
            <span className="illustration-pill" />
            <span className="illustration-pill" />
            <span className="illustration-pill" />
          </div>
          <ul className="illustration-day">
            {sessions.map((session) => (
              <li key={session.time} className={`illustration-session illustration-${session.tone}`}>
                <span className="illustration-time">{session.time}</span>
                <span className="illustration-avatar">{session.initials}</span>
                <span className="illustration-line" style={{ width: session.width }} />
              </li>
            ))}
          </ul>
        </div>
      </div>
    </div>
  );
}
