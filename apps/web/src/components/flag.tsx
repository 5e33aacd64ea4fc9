import classes from './flag.module.css';

/** Small flags for the seeded regions (hk, jp, sg, us); other regions show none. */
const FLAGS: Record<string, React.ReactNode> = {
  hk: (
    <>
      <rect width="30" height="20" fill="#de2910" />
      <circle cx="15" cy="10" r="5" fill="#fff" />
      <circle cx="15" cy="10" r="2" fill="#de2910" />
    </>
  ),
  jp: (
    <>
      <rect width="30" height="20" fill="#fff" />
      <circle cx="15" cy="10" r="6" fill="#bc002d" />
    </>
  ),
  sg: (
    <>
      <rect width="30" height="10" fill="#ef3340" />
      <rect y="10" width="30" height="10" fill="#fff" />
      <circle cx="7" cy="5" r="3.2" fill="#fff" />
      <circle cx="8.3" cy="5" r="3.2" fill="#ef3340" />
    </>
  ),
  us: (
    <>
      <rect width="30" height="20" fill="#fff" />
      {[0, 2, 4, 6, 8, 10, 12].map((i) => (
        <rect key={i} y={(i * 20) / 13} width="30" height={20 / 13} fill="#b22234" />
      ))}
      <rect width="13" height={(7 * 20) / 13} fill="#3c3b6e" />
    </>
  ),
};

export function Flag({ code }: { code: string }) {
  const flag = FLAGS[code];
  if (!flag) return null;
  return (
    <svg viewBox="0 0 30 20" className={classes.flag} aria-hidden>
      {flag}
    </svg>
  );
}
