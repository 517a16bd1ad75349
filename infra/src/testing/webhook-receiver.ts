/** The loopback webhook receiver, for test suites outside the webhooks package (the browser tests). */
export { startReceiver, until, type Received, type Responder } from "@procure/webhooks/testing/receiver";
