import type { ReactNode } from 'react';

interface PlanCardProps {
  name: string;
  price: string;
  tagline: string;
  features: readonly string[];
  action: ReactNode;
  featured?: boolean;
}

/** One plan: name, price (or that it is still to be announced), what it includes, and its next step. */
export function PlanCard({ name, price, tagline, features, action, featured = false }: PlanCardProps) {
  return (
    <section
      className={`plan-card${featured ? ' plan-card--featured' : ''}`}
      aria-label={name}
      data-testid="plan-card"
    >
      <h2 className="plan-card__name">{name}</h2>
      <p className="plan-card__price">{price}</p>
      <p className="plan-card__tagline">{tagline}</p>
      <ul className="plan-card__features">
        {features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <div className="plan-card__action">{action}</div>
    </section>
  );
}
