import type { PageLoader } from '../loader';

/** AI customer insight (spec plan group B): AI customer lists, insight, topics, business reminders and settings. */
export const pages: Record<string, PageLoader> = {
  '/aiCustomer': () => import('./AiCustomerPage'),
  '/AiCustomerAnalysis': () => import('./AiCustomerAnalysisPage'),
  '/aiBusinessReminder': () => import('./ReminderPage'),
  '/aiReminderSettings': () => import('./ReminderSettingsPage'),
  '/customerInsights': () => import('./InsightsPage'),
  '/customerInsights2': () => import('./InsightsChartsPage'),
  '/customerInsight': () => import('./TopicPage'),
};

/** What of a route is built so far (the README's route table reads this). */
export const partial: Record<string, string> = {};
