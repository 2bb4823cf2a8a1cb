// Lints the committed GraphQL schema (a jest test runs it; `npx eslint schema.graphql` too) with
// @graphql-eslint's schema-recommended rules, plus descriptions required everywhere.
const graphqlPlugin = require('@graphql-eslint/eslint-plugin');

module.exports = [
  {
    files: ['schema.graphql'],
    languageOptions: { parser: graphqlPlugin.parser, parserOptions: { graphQLConfig: { schema: 'schema.graphql' } } },
    plugins: { '@graphql-eslint': graphqlPlugin },
    rules: {
      ...graphqlPlugin.configs['flat/schema-recommended'].rules,
      // Every type, field, argument and enum value is described, not only types and root fields.
      '@graphql-eslint/require-description': [
        'error',
        { types: true, rootField: true, FieldDefinition: true, InputValueDefinition: true, EnumValueDefinition: true, DirectiveDefinition: true },
      ],
      // A prefix check by letters, not words: it reads Call.callerName and Call.callbackAt (a caller's
      // name, a call back) as "Call" + "erName" / "backAt". The names are the documented API fields.
      '@graphql-eslint/no-typename-prefix': 'off',
      // Connections, edges, page info, payloads and statistics are views, not identifiable objects.
      '@graphql-eslint/strict-id-in-types': [
        'error',
        {
          acceptedIdNames: ['id'],
          acceptedIdTypes: ['ID'],
          exceptions: {
            types: ['PageInfo', 'AuthPayload', 'SignupPayload', 'WebhookSettings', 'WebhookHealth', 'RotatedWebhookSecret', 'ReplayAccepted', 'Question', 'ActiveTotal', 'CountByValue', 'AdminStats', 'EmailVerification', 'CarrierStatus', 'CampaignCounts', 'CallingWindow', 'CampaignRecipientPage', 'Suppression', 'SuppressionPage', 'SuppressionsAdded', 'CarrierConnectionTest', 'CallTurn', 'TurnLatency', 'CallLatency', 'Analytics', 'AnswerCount', 'CampaignProgress', 'InputFieldError', 'OutcomeCount', 'QuestionAnswers', 'RecipientPreview', 'RecipientsPreview', 'AgentSettings', 'AgentLlm', 'CallbackOf', 'InboundSettings', 'Transfer', 'TransferWhen', 'TransferAnswerRule', 'CallAmd'],
            suffixes: ['Connection', 'Edge', 'Payload', 'Stats'],
          },
        },
      ],
    },
  },
];
