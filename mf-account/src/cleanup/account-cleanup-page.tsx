// Minimal screen until its issue lands (issue 7); the route and the seam are final.
export default function AccountCleanupPage() {
  return (
    <div className="page" aria-labelledby="page-title">
      <h1 id="page-title">Account Cleanup</h1>
      <p>This screen is being built.</p>
    </div>
  );
}
