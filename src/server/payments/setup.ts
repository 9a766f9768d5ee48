import type { PaymentSetupAnswer } from '../../domain/api';
import { cloudpaymentsProvider } from './cloudpayments';
import { providerNames, type PaymentProvider, type ProviderName } from './provider';
import { tbankProvider } from './tbank';
import { testProvider } from './testProvider';
import { yookassaProvider } from './yookassa';

/*
 * Which payment provider takes the money of payment links. The built-in test provider (a checkout page
 * of this server that accepts 4242 4242 4242 4242) takes no money: it is the default only while the studio runs the server
 * for itself, on no public address (PUBLIC_URL unset or local). A server on a public address takes no
 * online payment until a provider is chosen with PAYMENT_PROVIDER; `PAYMENT_PROVIDER=test` chooses the
 * test provider on purpose, and then every page says that no money is taken.
 */

export interface PaymentSetup {
    /** Null: online payments are off until a provider is chosen. */
    provider: PaymentProvider | null;
    mode: PaymentSetupAnswer['mode'];
    /** PUBLIC_URL names an address others reach: the studio runs for real, so admins are warned at sign-in. */
    publicAddress: boolean;
    /** Where a real provider's notices go: the address to register in its cabinet. */
    noticeUrl: string | null;
}

/** An address nobody outside this machine or network reaches: a studio trying the app out. */
export const isLocalAddress = (url: string): boolean => {
    let host: string;
    try {
        host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    } catch {
        return false;
    }
    return (
        host === 'localhost' ||
        host.endsWith('.localhost') ||
        host === '::1' ||
        /^127\./.test(host) ||
        /^10\./.test(host) ||
        /^192\.168\./.test(host) ||
        /^172\.(1[6-9]|2\d|3[01])\./.test(host)
    );
};

export class PaymentSetupError extends Error {}

/** What choosing a provider reads from the environment. */
export interface PaymentEnv {
    PAYMENT_PROVIDER?: string;
    PUBLIC_URL?: string;
    /** The key the test provider signs its notices with (random for each start when unset). */
    TEST_PROVIDER_SECRET?: string;
    /** How long after the payer's card the test provider's notice comes (1 s by default). */
    TEST_PROVIDER_NOTICE_DELAY_MS?: string;
    YOOKASSA_SHOP_ID?: string;
    YOOKASSA_SECRET_KEY?: string;
    YOOKASSA_API_URL?: string;
    /** The networks ЮKassa's notices come from (comma-separated; `off`: from anywhere): its published list by default. */
    YOOKASSA_NOTICE_IPS?: string;
    CLOUDPAYMENTS_PUBLIC_ID?: string;
    CLOUDPAYMENTS_API_SECRET?: string;
    CLOUDPAYMENTS_API_URL?: string;
    TBANK_TERMINAL_KEY?: string;
    TBANK_PASSWORD?: string;
    TBANK_API_URL?: string;
}

const numberOf = (env: PaymentEnv, name: 'TEST_PROVIDER_NOTICE_DELAY_MS'): number | undefined => {
    const text = env[name]?.trim();
    if (!text) return undefined;
    const value = Number(text);
    if (!Number.isFinite(value) || value < 0)
        throw new PaymentSetupError(`${name}=${text} is not a number of milliseconds`);
    return value;
};

/** A variable the chosen provider cannot work without: a clear refusal at start-up when it is missing. */
const required = (env: PaymentEnv, name: keyof PaymentEnv, provider: string): string => {
    const value = env[name]?.trim();
    if (!value) throw new PaymentSetupError(`PAYMENT_PROVIDER=${provider} needs ${name}`);
    return value;
};

const optionalUrl = (env: PaymentEnv, name: keyof PaymentEnv): string | undefined => env[name]?.trim() || undefined;

/** The real providers, each made from its variables. */
const realProviders: Record<Exclude<ProviderName, 'test'>, (env: PaymentEnv) => PaymentProvider> = {
    yookassa: env => {
        const ips = env.YOOKASSA_NOTICE_IPS?.trim();
        try {
            return yookassaProvider({
                shopId: required(env, 'YOOKASSA_SHOP_ID', 'yookassa'),
                secretKey: required(env, 'YOOKASSA_SECRET_KEY', 'yookassa'),
                apiUrl: optionalUrl(env, 'YOOKASSA_API_URL'),
                noticeIps: !ips ? undefined : ips === 'off' ? 'off' : ips.split(',').map(ip => ip.trim()),
            });
        } catch (error) {
            if (error instanceof PaymentSetupError) throw error;
            throw new PaymentSetupError(
                `YOOKASSA_NOTICE_IPS: ${error instanceof Error ? error.message : String(error)}`,
            );
        }
    },
    cloudpayments: env =>
        cloudpaymentsProvider({
            publicId: required(env, 'CLOUDPAYMENTS_PUBLIC_ID', 'cloudpayments'),
            apiSecret: required(env, 'CLOUDPAYMENTS_API_SECRET', 'cloudpayments'),
            apiUrl: optionalUrl(env, 'CLOUDPAYMENTS_API_URL'),
        }),
    tbank: env =>
        tbankProvider({
            terminalKey: required(env, 'TBANK_TERMINAL_KEY', 'tbank'),
            password: required(env, 'TBANK_PASSWORD', 'tbank'),
            apiUrl: optionalUrl(env, 'TBANK_API_URL'),
            // A renewal's Init names where its notice goes, as the first payment's does.
            notifyUrl: env.PUBLIC_URL
                ? `${env.PUBLIC_URL.trim().replace(/\/+$/, '')}/api/public/providers/tbank`
                : undefined,
        }),
};

const makeTestProvider = (env: PaymentEnv) =>
    testProvider({
        secret: env.TEST_PROVIDER_SECRET?.trim() || undefined,
        noticeDelayMs: numberOf(env, 'TEST_PROVIDER_NOTICE_DELAY_MS'),
    });

/** The provider the environment chooses (PAYMENT_PROVIDER, PUBLIC_URL and the provider's variables). */
export const choosePayments = (env: PaymentEnv): PaymentSetup => {
    const chosen = env.PAYMENT_PROVIDER?.trim();
    const publicAddress = !!env.PUBLIC_URL && !isLocalAddress(env.PUBLIC_URL);
    if (chosen === 'test') return { provider: makeTestProvider(env), mode: 'test', publicAddress, noticeUrl: null };
    if (chosen && Object.hasOwn(realProviders, chosen)) {
        // The provider sends the payer back, and its notices, to the server's public address.
        if (!env.PUBLIC_URL?.trim())
            throw new PaymentSetupError(
                `PAYMENT_PROVIDER=${chosen} needs PUBLIC_URL, the address payers and the provider reach`,
            );
        const provider = realProviders[chosen as keyof typeof realProviders](env);
        const noticeUrl = `${env.PUBLIC_URL.trim().replace(/\/+$/, '')}/api/public/providers/${provider.name}`;
        return { provider, mode: 'live', publicAddress, noticeUrl };
    }
    if (chosen)
        throw new PaymentSetupError(
            `PAYMENT_PROVIDER=${chosen} is not a provider this server knows: ${providerNames.join(', ')}`,
        );
    if (!publicAddress) return { provider: makeTestProvider(env), mode: 'test', publicAddress, noticeUrl: null };
    return { provider: null, mode: 'off', publicAddress, noticeUrl: null };
};
