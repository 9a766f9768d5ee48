import { call } from './server';

/*
 * Paying a link as its customer does with the built-in test provider: Pay on the link's page, the card on
 * the provider's checkout page, then back on the link's page until the provider's notice is in.
 */

export const testCards = {
    paid: { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' },
    declined: { cardNumber: '4000 0000 0000 0002', expiry: '12/30', cvc: '123' },
    expired: { cardNumber: '4000 0000 0000 0069', expiry: '12/30', cvc: '123' },
};

type Answer = Awaited<ReturnType<typeof call>>;

/** Presses Pay: the answer names the attempt and the provider's page (its last segment is the payment). */
export const beginPayment = (
    url: string,
    linkId: string,
    body: { email?: string } = {},
    init: { token?: string } = {},
) => call(url, `/api/public/payment-links/${linkId}/pay`, { method: 'POST', json: body, ...init });

/** The test provider's payment of a begun attempt. */
export const checkoutId = (begun: Answer) => String(begun.body.confirmationUrl).split('/').pop() as string;

/** The link's page as the payer sees it back from the provider: how the attempt went. */
export const readAttempt = (url: string, linkId: string, attemptId: string) =>
    call(url, `/api/public/payment-links/${linkId}?attempt=${attemptId}`);

/** Waits until the attempt is no longer being processed (the notice is in); answers the link's page then. */
export const settledView = async (url: string, linkId: string, attemptId: string): Promise<Answer> => {
    const until = Date.now() + 15_000;
    for (;;) {
        const view = await readAttempt(url, linkId, attemptId);
        const status = (view.body.attempt as { status?: string } | null)?.status;
        // A payment given back is 'refunding' for the moment the provider takes to answer.
        if (status !== 'creating' && status !== 'pending' && status !== 'refunding') return view;
        if (Date.now() > until) throw new Error(`The attempt ${attemptId} is still ${status}`);
        await new Promise(resolve => setTimeout(resolve, 25));
    }
};

/**
 * Pays the link with `card` (the paying one by default) on the test provider's page and waits for the
 * notice: answers the link's page after, or the first refusal on the way (its status is not 200).
 */
export const payOnline = async (
    url: string,
    linkId: string,
    { card = testCards.paid, email }: { card?: object; email?: string } = {},
): Promise<Answer & { attemptId?: string }> => {
    const begun = await beginPayment(url, linkId, email ? { email } : {});
    if (begun.status !== 200) return begun;
    const attemptId = String(begun.body.attemptId);
    const paid = await call(url, `/api/public/test-checkout/${checkoutId(begun)}`, { method: 'POST', json: card });
    if (paid.status !== 200) return { ...paid, attemptId };
    return { ...(await settledView(url, linkId, attemptId)), attemptId };
};
