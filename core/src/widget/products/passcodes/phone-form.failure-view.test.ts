import { describe, it } from 'vitest';
import { ALL_PRODUCTS } from '../../all-products';
import type { PasscodesPort, SendPasscodeRequest } from '../../../ports/passcodes.port';
import type { PhoneNumbersPort } from '../../../ports/phone-numbers.port';
import { byName, countdownSeconds, expectFailureView, untilCalled } from '../../../testing/failure-view';
import { PROVIDER_FAULTS, scriptedCall } from '../../../testing/provider-faults';
import { openSlotForTest } from '../../../testing/slot-harness';
import { virtualTimeHost } from '../../../testing/virtual-time-host';
import type { PhoneChannel } from './phone-form.machine';
import { phoneFormSlot } from './phone-form.slot';

// Main's phone form sending a code, under every fault, on virtual time: the message under the
// number, the number kept as formatted while typed, no spinner, and Continue back (after the
// wait, for a 429) to send again. Read from the phone form slot's own view (Main renders it
// as it is). The browser's fault matrix keeps one row per fault kind.

const TYPED = '2015550123';
const FORMATTED = '(201) 555-0123';

function setUp(channel: PhoneChannel) {
  const phoneNumbers: PhoneNumbersPort = {
    countries: () => Promise.resolve([{ code: 'US', callingCode: '1' }]),
    formatAsYouType: (_country, input) => Promise.resolve(input === TYPED ? FORMATTED : input),
    parse: () => Promise.resolve({ valid: true, e164: '+12015550123' }),
  };
  const send = scriptedCall((_request: SendPasscodeRequest) => ({ methodId: 'phone-method-1' }));
  const passcodes: PasscodesPort = { send, verify: () => Promise.reject(new Error('not on this form')) };
  const test = virtualTimeHost({ phoneNumbers, passcodes });
  const slot = openSlotForTest(test.host, phoneFormSlot, {
    config: { products: ['otp'], otpOptions: { methods: [channel] } },
    returnContext: { redirect: null, source: null }, products: ALL_PRODUCTS,
    origin: 'https://shop.example',
  });
  const flow = { send: slot.send };
  const phone = () => {
    const form = slot.view().phone;
    if (form === null) throw new Error('expected the phone form');
    return form;
  };
  return { test, flow, phone, send };
}

const CHANNELS: ReadonlyArray<{ readonly name: string; readonly channel: PhoneChannel }> = [
  { name: 'by text', channel: 'sms' },
  { name: 'by WhatsApp', channel: 'whatsapp' },
];

describe.each(byName(CHANNELS))("Main's phone form: passcode send %s", (_channel, { channel }) => {
  it.each(byName(PROVIDER_FAULTS))('%s: the message, the number kept, no spinner, Continue sends again', async (_fault, fault) => {
    const { test, flow, phone, send } = setUp(channel);
    await test.advance(0);
    flow.send({ type: 'numberChanged', value: TYPED });
    await test.advance(0);
    send.failNext(fault);
    const submit = () => flow.send({ type: 'submitted' });
    submit();
    await untilCalled(test, () => send.calls.length, 1);

    await expectFailureView(
      test,
      fault,
      {
        read: () => {
          const form = phone();
          const label = form.submitLabel;
          const busyLabel = 'key' in label && (label.key === 'passcodes.sending' || label.key === 'passcodes.checking');
          return { message: form.error, kept: form.number, busy: form.busy || busyLabel, retryEnabled: !form.disabled, retryInSeconds: countdownSeconds(label) };
        },
        retry: submit,
        calls: () => send.calls.length,
      },
      { kept: FORMATTED },
    );
  });
});
