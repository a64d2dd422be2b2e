/** Static content of the ecosystem page (spec §2, §3): benefit cards, placeholder partners and texts. */

/** The four benefit cards of join-ecosystem, in the spec's order. */
export const BENEFITS = [
  {
    icon: 'service',
    title: 'Excellent Customer Service',
    description: 'Members treat every customer with respect, answer quickly and make things right when something goes wrong.',
  },
  {
    icon: 'community',
    title: 'Community Project Support',
    description: 'Members give back by supporting projects that strengthen the neighbourhoods they serve.',
  },
  {
    icon: 'model',
    title: 'Strong Business Model',
    description: 'Sustainable, honest businesses with a clear offer, fair prices and a plan to grow.',
  },
  {
    icon: 'technology',
    title: 'Innovative Technology',
    description: 'Members use modern tools, including ADX payments, to serve their customers better.',
  },
] as const;

/** One partner business card (static content; the four are placeholders until partners join). */
export interface PlaceholderPartner {
  id: string;
  name: string;
  category: string;
  description: string;
  highlights: string[];
  isPlaceholder: boolean;
}

/** The four placeholder partners of 'Shop & Experience with ADX'. */
export const PARTNERS: PlaceholderPartner[] = [
  {
    id: 'retail',
    name: 'Coming Soon',
    category: 'Retail',
    description: 'A vetted retail partner where you can shop for everyday goods and pay with ADX.',
    highlights: ['Pay with ADX at checkout', 'Member-only offers', 'Locally owned'],
    isPlaceholder: true,
  },
  {
    id: 'food',
    name: 'Coming Soon',
    category: 'Food & Beverage',
    description: 'A restaurant or café from our ecosystem serving the community it belongs to.',
    highlights: ['ADX accepted for meals', 'Supports local growers', 'Community events'],
    isPlaceholder: true,
  },
  {
    id: 'services',
    name: 'Coming Soon',
    category: 'Services',
    description: 'Professional and personal services from businesses that put customers first.',
    highlights: ['Book and pay with ADX', 'Excellent customer service', 'Trusted by members'],
    isPlaceholder: true,
  },
  {
    id: 'technology',
    name: 'Coming Soon',
    category: 'Technology',
    description: 'Technology products and support from innovators building on the ADX ecosystem.',
    highlights: ['ADX-ready solutions', 'Hands-on support', 'Built for small businesses'],
    isPlaceholder: true,
  },
];

/** The page's texts; toasts and confirmations are the spec's (§2, §8). */
export const ECOSYSTEM_TEXT = {
  title: 'Business Ecosystem',
  eyebrow: 'Business Ecosystem',
  heroTitle: 'Grow with a community that does business on trust',
  heroIntro:
    'Apply to join a vetted network of businesses, discover partners that accept ADX, and tell us how we are doing.',
  applyCta: 'Apply to Join',
  shopCta: 'Shop with ADX',
  feedbackCta: 'Send Feedback',
  joinTitle: 'Join the Ecosystem',
  joinIntro: 'We look for businesses that share four commitments. Tell us how yours lives them.',
  formTitle: 'Business Application Form',
  formIntro: 'All fields marked * are required. Longer answers need at least 50 characters.',
  documentsTitle: 'Supporting Documents',
  documentsNote: 'Supporting documents upload will be available soon.',
  submitApplication: 'Submit Application',
  submitting: 'Submitting...',
  applicationToastTitle: 'Application Submitted',
  applicationToast: 'Thank you for your application! We will review it shortly and be in touch.',
  applicationDoneTitle: 'Application Submitted!',
  shopTitle: 'Shop & Experience with ADX',
  shopIntro: 'Partner businesses that accept ADX will appear here as they join the ecosystem.',
  visit: 'Visit Business',
  visitSoon: 'Available when this partner joins',
  feedbackTitle: 'Feedback & Complaints',
  feedbackIntro: 'Share feedback, report a problem or suggest an improvement. We read every message.',
  submitFeedback: 'Submit Feedback',
  feedbackToastTitle: 'Feedback Submitted',
  complaintToast:
    'Thank you for submitting your complaint. We take this very seriously and will investigate and follow up with you as soon as possible.',
  feedbackToast: 'Thank you for your feedback. We appreciate your input and will review it promptly.',
  feedbackDoneTitle: 'Feedback Submitted!',
  submitAnother: 'Submit Another Feedback',
  submitFailedTitle: 'Submission failed',
  submitFailed: 'Something went wrong. Please try again.',
} as const;
