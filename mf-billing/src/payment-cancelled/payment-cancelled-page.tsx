// Minimal screen until its issue lands (issue 6); the route and the seam are final.
export default function PaymentCancelledPage() {
  return (
    <div className="page" aria-labelledby="page-title">
      <h1 id="page-title">Payment Cancelled</h1>
      <p>This screen is being built.</p>
    </div>
  );
}
