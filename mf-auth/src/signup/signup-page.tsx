// Minimal screen until its issue lands (issue 4); the route and the seam are final.
export default function SignupPage() {
  return (
    <div className="page" aria-labelledby="page-title">
      <h1 id="page-title">Sign Up</h1>
      <p>This screen is being built.</p>
    </div>
  );
}
