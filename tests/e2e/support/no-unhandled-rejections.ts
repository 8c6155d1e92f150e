// After every journey: the server must not have met a promise rejection nobody handled. It keeps
// running when one happens (logged and counted), so the count is the only trace the run would leave.
export default async function noUnhandledRejections() {
  const res = await fetch(`http://127.0.0.1:${process.env.E2E_PORT}/turing/health/ready`);
  const body = (await res.json()) as { data?: { unhandledRejections?: number } };
  const count = body.data?.unhandledRejections;
  if (count === undefined) throw new Error(`readiness did not report unhandled rejections: ${JSON.stringify(body)}`);
  if (count > 0)
    throw new Error(`the server met ${count} unhandled promise rejection(s) during the journeys (see its log)`);
}
