import type { UserDto } from '@canopy/shared';
import { ButtonLink } from '@/components/ui/button.tsx';
import { useAuth } from '@/lib/auth/session-context.tsx';
import { HERO_ACTIONS } from '../texts.ts';

export interface HeroAction {
  label: string;
  to: string;
}

/**
 * The two things the person looking can do next: a visitor signs up as a buyer or as a seller
 * (SPEC §1; signing in stays in the navigation bar); a buyer browses and
 * reads their messages; a seller lists and manages lots; an administrator goes to the dashboard.
 */
export function heroActions(user: UserDto | null): HeroAction[] {
  switch (user?.role) {
    case undefined:
      return [
        { label: HERO_ACTIONS.signUpBuyer, to: '/register?type=buyer' },
        { label: HERO_ACTIONS.signUpSeller, to: '/register?type=seller' },
      ];
    case 'buyer':
      return [
        { label: HERO_ACTIONS.browseProducts, to: '/products' },
        { label: HERO_ACTIONS.messages, to: '/messages' },
      ];
    case 'seller':
      return [
        { label: HERO_ACTIONS.createListing, to: '/seller/listings/new' },
        { label: HERO_ACTIONS.myListings, to: '/seller' },
      ];
    case 'admin':
      return [{ label: HERO_ACTIONS.adminDashboard, to: '/admin' }];
  }
}

export function HeroActions() {
  const { user, isLoading } = useAuth();
  // While a stored session is checked nothing is offered, but the row keeps its height so the
  // page below does not move when the buttons arrive.
  return (
    <div className="mt-8 flex min-h-12 flex-wrap gap-3">
      {!isLoading &&
        heroActions(user).map((action, index) => (
          <ButtonLink
            key={action.to}
            to={action.to}
            size="lg"
            variant={index === 0 ? 'primary' : 'secondary'}
          >
            {action.label}
          </ButtonLink>
        ))}
    </div>
  );
}
