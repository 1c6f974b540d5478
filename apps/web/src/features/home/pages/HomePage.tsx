import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/Button.tsx';
import { ChatIcon, JellyIcon, SwapIcon } from '../../../components/ui/icons.tsx';
import { useDocumentTitle } from '../../../lib/useDocumentTitle.ts';
import styles from './HomePage.module.css';
import { pagePaths } from '@jelly/contracts';

const STEPS = [
  {
    title: 'Pick an offer',
    text: 'Browse offers to buy or sell a token for your currency, with the payment methods you use — or post your own offer.',
  },
  {
    title: 'Crypto goes into escrow',
    text: 'The crypto side locks the tokens in an on-chain escrow. Nobody, not even the other party, can take them out alone.',
  },
  {
    title: 'Fiat is paid directly',
    text: 'The fiat side pays the agreed amount off-chain, by bank transfer, card app or cash service, and marks the deal as paid.',
  },
  {
    title: 'Both sign, escrow releases',
    text: 'When both parties sign, the escrow settles on-chain. If something goes wrong, an admin reviews the deal and resolves it.',
  },
] as const;

const FEATURES = [
  {
    to: pagePaths.swap,
    Icon: SwapIcon,
    title: 'Swap',
    text: 'Exchange one token for another at a quoted price, in one transaction you sign yourself.',
  },
  {
    to: pagePaths.coinJelly,
    Icon: JellyIcon,
    title: 'Coin Jelly',
    text: 'Send a coin to your personal deposit address and receive another coin at the address you choose.',
  },
  {
    to: pagePaths.market,
    Icon: ChatIcon,
    title: 'Chat and reputation',
    text: 'Every deal has its own chat with attachments. Ratings and reviews show who you are trading with.',
  },
] as const;

/** Home: what Jelly is and how an escrow deal works. */
export default function HomePage() {
  useDocumentTitle('P2P crypto with on-chain escrow');
  return (
    <>
      <section className={styles.hero}>
        <div className={styles.heroInner}>
          <div>
            <span className={styles.eyebrow}>Peer-to-peer · Solana escrow</span>
            <h1 className={styles.headline}>
              Trade crypto for cash, <span className={styles.accent}>person to person.</span>
            </h1>
            <p className={styles.lead}>
              Jelly connects people who want to buy and sell crypto for their local currency. The crypto waits in an on-chain
              escrow until both sides confirm the deal, so neither side has to trust a stranger.
            </p>
            <div className={styles.ctas}>
              <Link to={pagePaths.market} className={buttonClassName('primary', 'large')}>
                Buy Crypto
              </Link>
              <Link to={pagePaths.placeOrder} className={buttonClassName('secondary', 'large')}>
                Create an offer
              </Link>
            </div>
          </div>
          <div className={`${styles.card} ${styles.escrow}`} aria-hidden="true">
            <div className={styles.escrowRow}>
              <span className={styles.escrowLabel}>Seller locks</span>
              <span className={styles.escrowValue}>USDC</span>
            </div>
            <div className={styles.lock}>Held by the escrow program</div>
            <div className={styles.escrowRow}>
              <span className={styles.escrowLabel}>Buyer pays</span>
              <span className={styles.escrowValue}>EUR · SEPA</span>
            </div>
            <div className={styles.escrowRow}>
              <span className={styles.escrowLabel}>Both sign</span>
              <span className={styles.escrowValue}>Released</span>
            </div>
          </div>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="how-it-works">
        <h2 id="how-it-works" className={styles.sectionTitle}>
          How an escrow deal works
        </h2>
        <p className={styles.sectionLead}>Four steps from offer to settlement. Your wallet signs every step; Jelly never holds your keys.</p>
        <ol className={styles.steps}>
          {STEPS.map((step, index) => (
            <li key={step.title} className={styles.step}>
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <h3 className={styles.stepTitle}>{step.title}</h3>
              <p className={styles.stepText}>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className={styles.section} aria-labelledby="more">
        <h2 id="more" className={styles.sectionTitle}>
          More than a market
        </h2>
        <p className={styles.sectionLead}>The same wallet sign-in opens every part of Jelly.</p>
        <div className={styles.features}>
          {FEATURES.map(({ to, Icon, title, text }) => (
            <Link key={title} to={to} className={styles.feature}>
              <Icon className={styles.featureIcon} width="28" height="28" />
              <h3 className={styles.featureTitle}>{title}</h3>
              <p className={styles.featureText}>{text}</p>
            </Link>
          ))}
        </div>
      </section>

      <section className={`${styles.section} ${styles.closing}`}>
        <h2 className={styles.sectionTitle}>Ready to trade?</h2>
        <p className={styles.sectionLead} style={{ marginInline: 'auto' }}>
          Connect a Solana wallet, sign one message, and you are in.
        </p>
        <div className={styles.ctas}>
          <Link to={pagePaths.market} className={buttonClassName('primary', 'large')}>
            Buy Crypto
          </Link>
          <Link to={pagePaths.placeOrder} className={buttonClassName('secondary', 'large')}>
            Create an offer
          </Link>
        </div>
      </section>
    </>
  );
}
