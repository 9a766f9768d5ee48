import { useState } from 'react';

/*
 * Paying goes through the studio's public payment page: the server makes a payment link (for a plan
 * bought or what is due on a pass) and the page goes there; the customer comes back to the portal after.
 */
export const usePaying = () => {
    const [pending, setPending] = useState<string>();
    const [error, setError] = useState<unknown>();
    /** Makes the link named `what` (which button waits meanwhile) and opens its page. */
    const pay = async (what: string, makeLink: () => Promise<{ url: string }>) => {
        setPending(what);
        setError(undefined);
        try {
            window.location.assign((await makeLink()).url);
        } catch (failure) {
            setError(failure);
            setPending(undefined);
        }
    };
    return { pending, error, pay };
};
