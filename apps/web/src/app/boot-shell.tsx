/** The product's mark and name as the first paint draws them. */
function Mark({ size }: { size: number }) {
  return (
    <span className="boot-mark">
      <svg width={size} height={size} viewBox="0 0 32 32">
        <rect width="32" height="32" fill="#18a058" />
        <path d="M7 9h18v4h-7v12h-4V13H7z" fill="#fff" />
      </svg>
      <span>Turing Design</span>
    </span>
  );
}

/**
 * What index.html paints before the app's code arrives (its styles live there, and it chooses by the
 * address which of the two shows): the header's bar and the product's name, or on /login the brand
 * panel. The router shows it until the first page is ready, so the first paint stays on screen
 * instead of going blank in between. boot-shell.test.tsx checks that index.html holds the same.
 */
export function BootShell() {
  return (
    <>
      <div className="boot-header" aria-hidden="true">
        <Mark size={28} />
      </div>
      <div className="boot-login" aria-hidden="true">
        <div className="boot-login__brand">
          <Mark size={32} />
        </div>
        <div className="boot-login__logo">
          <Mark size={28} />
        </div>
      </div>
    </>
  );
}
