/* eslint-disable */
import * as types from './graphql';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  mutation ResendVerification {\n    resendVerification\n  }\n": typeof types.ResendVerificationDocument,
    "\n  subscription CallUpdated {\n    callUpdated {\n      id\n      status\n    }\n  }\n": typeof types.CallUpdatedDocument,
    "\n  subscription CampaignUpdatedLive($id: ID) {\n    campaignUpdated(id: $id) {\n      id\n      status\n    }\n  }\n": typeof types.CampaignUpdatedLiveDocument,
    "\n  query Me {\n    me {\n      id\n      email\n      role\n      emailVerified\n      organization {\n        id\n        name\n        active\n      }\n    }\n  }\n": typeof types.MeDocument,
    "\n  mutation PlaceCall($input: PlaceCallInput!) {\n    placeCall(input: $input) {\n      id\n      status\n    }\n  }\n": typeof types.PlaceCallDocument,
    "\n  query AdminStats {\n    adminStats {\n      generatedAt\n      organizations {\n        active\n        total\n      }\n      users {\n        active\n        total\n        platformAdmins\n      }\n      apiKeys {\n        active\n        revoked\n      }\n      calls {\n        total\n        open\n        last24h\n        byStatus {\n          value\n          count\n        }\n      }\n      webhookDeliveries {\n        total\n        byState {\n          value\n          count\n        }\n      }\n    }\n  }\n": typeof types.AdminStatsDocument,
    "\n  query AdminOrganizations($q: String, $after: String) {\n    adminOrganizations(q: $q, after: $after, first: 20) {\n      nodes {\n        id\n        name\n        active\n        userCount\n        callCount\n        openCallCount\n        activeApiKeyCount\n        createdAt\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.AdminOrganizationsDocument,
    "\n  mutation AdminSetOrganizationActive($id: ID!, $active: Boolean!) {\n    adminSetOrganizationActive(id: $id, active: $active) {\n      id\n      active\n    }\n  }\n": typeof types.AdminSetOrganizationActiveDocument,
    "\n  query AdminUsers($q: String, $after: String) {\n    adminUsers(q: $q, after: $after, first: 20) {\n      nodes {\n        id\n        email\n        role\n        active\n        emailVerified\n        isPlatformAdmin\n        orgId\n        createdAt\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.AdminUsersDocument,
    "\n  mutation AdminSetUserActive($id: ID!, $active: Boolean!) {\n    adminSetUserActive(id: $id, active: $active) {\n      id\n      active\n    }\n  }\n": typeof types.AdminSetUserActiveDocument,
    "\n  query AdminAuditLog($after: String) {\n    adminAuditLog(after: $after, first: 20) {\n      nodes {\n        id\n        action\n        actorEmail\n        targetType\n        targetId\n        createdAt\n        ip\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.AdminAuditLogDocument,
    "\n  fragment AgentSettingsFields on AgentSettings {\n    callerName\n    language\n    voice\n    instructions\n    llm {\n      enabled\n      active\n      source\n      url\n      model\n      apiKeySet\n    }\n    supportedLanguages\n    updatedAt\n  }\n": typeof types.AgentSettingsFieldsFragmentDoc,
    "\n  query AgentSettings {\n    agentSettings {\n      ...AgentSettingsFields\n    }\n  }\n": typeof types.AgentSettingsDocument,
    "\n  mutation UpdateAgentSettings($input: AgentSettingsInput!) {\n    updateAgentSettings(input: $input) {\n      ...AgentSettingsFields\n    }\n  }\n": typeof types.UpdateAgentSettingsDocument,
    "\n  query AnalyticsView($from: String!, $to: String!, $campaignId: ID) {\n    analytics(from: $from, to: $to, campaignId: $campaignId) {\n      calls {\n        day\n        calls\n        outcomes {\n          outcome\n          count\n        }\n        answered\n        answerRate\n        averageDurationSeconds\n        latencyP50Ms\n        latencyP95Ms\n        latencyCalls\n      }\n      deliveries {\n        day\n        attempts\n        succeeded\n        successRate\n        averageLatencyMs\n        latencyP95Ms\n      }\n    }\n  }\n": typeof types.AnalyticsViewDocument,
    "\n  query CampaignChoices {\n    campaigns(first: 100) {\n      nodes {\n        id\n        name\n      }\n    }\n  }\n": typeof types.CampaignChoicesDocument,
    "\n  mutation Login($email: String!, $password: String!) {\n    login(email: $email, password: $password) {\n      accessToken\n      expiresIn\n    }\n  }\n": typeof types.LoginDocument,
    "\n  mutation Signup($input: SignupInput!) {\n    signup(input: $input) {\n      accessToken\n      expiresIn\n      webhookSecret\n      apiKey {\n        id\n        prefix\n        secret\n      }\n    }\n  }\n": typeof types.SignupDocument,
    "\n  mutation VerifyEmail($token: String!) {\n    verifyEmail(token: $token) {\n      emailVerified\n    }\n  }\n": typeof types.VerifyEmailDocument,
    "\n  mutation RequestPasswordReset($email: String!) {\n    requestPasswordReset(email: $email)\n  }\n": typeof types.RequestPasswordResetDocument,
    "\n  mutation ResetPassword($token: String!, $password: String!) {\n    resetPassword(token: $token, password: $password) {\n      accessToken\n      expiresIn\n    }\n  }\n": typeof types.ResetPasswordDocument,
    "\n  mutation AcceptInvitation($token: String!, $password: String!) {\n    acceptInvitation(token: $token, password: $password) {\n      accessToken\n      expiresIn\n    }\n  }\n": typeof types.AcceptInvitationDocument,
    "\n  query Calls($status: CallStatus, $after: String) {\n    calls(first: 20, status: $status, after: $after) {\n      nodes {\n        id\n        to\n        status\n        disposition\n        durationSeconds\n        createdAt\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.CallsDocument,
    "\n  query Call($id: ID!) {\n    call(id: $id) {\n      id\n      to\n      from\n      status\n      disposition\n      task\n      questions {\n        key\n        text\n      }\n      createdAt\n      startedAt\n      endedAt\n      durationSeconds\n      maxDurationSeconds\n      transcript\n      structuredAnswers\n      recordingUrl\n      webhookUrl\n      metadata\n      callerName\n      optedOut\n      callbackAt\n      turns {\n        speaker\n        text\n        startMs\n        endMs\n        interrupted\n        latency {\n          endOfTurnMs\n          recognitionMs\n          decisionMs\n          synthesisMs\n          totalMs\n        }\n      }\n      latency {\n        p50Ms\n        p95Ms\n        turns\n      }\n    }\n  }\n": typeof types.CallDocument,
    "\n  mutation CancelCall($id: ID!) {\n    cancelCall(id: $id) {\n      id\n      status\n    }\n  }\n": typeof types.CancelCallDocument,
    "\n  query RecipientsPreview($input: PreviewRecipientsInput!) {\n    previewCampaignRecipients(input: $input) {\n      total\n      valid\n      invalid\n      suppressed\n      duplicates\n      rows {\n        index\n        to\n        errors {\n          field\n          message\n        }\n        timeZones\n        timeZoneSource\n        firstCallAt\n        suppressed\n        duplicate\n      }\n    }\n  }\n": typeof types.RecipientsPreviewDocument,
    "\n  mutation CreateCampaignFromFile($input: CreateCampaignInput!) {\n    createCampaign(input: $input) {\n      id\n    }\n  }\n": typeof types.CreateCampaignFromFileDocument,
    "\n  mutation AppendCampaignRecipients($id: ID!, $recipients: [CampaignRecipientInput!]!, $idempotencyKey: String) {\n    addCampaignRecipients(id: $id, recipients: $recipients, idempotencyKey: $idempotencyKey) {\n      id\n    }\n  }\n": typeof types.AppendCampaignRecipientsDocument,
    "\n  fragment CampaignProgressFields on CampaignProgress {\n    total\n    reached\n    optedOut\n    pending\n    retrying\n    calling\n    failed\n    suppressed\n    canceled\n  }\n": typeof types.CampaignProgressFieldsFragmentDoc,
    "\n  query CampaignsList($after: String) {\n    campaigns(first: 20, after: $after) {\n      nodes {\n        id\n        name\n        status\n        createdAt\n        progress {\n          ...CampaignProgressFields\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.CampaignsListDocument,
    "\n  query CampaignDetail($id: ID!) {\n    campaign(id: $id) {\n      id\n      name\n      status\n      task\n      questions\n      startAt\n      endAt\n      timeZone\n      callingWindow {\n        days\n        start\n        end\n      }\n      maxConcurrentCalls\n      maxCallsPerSecond\n      retry\n      createdAt\n      startedAt\n      completedAt\n      progress {\n        ...CampaignProgressFields\n      }\n    }\n  }\n": typeof types.CampaignDetailDocument,
    "\n  query CampaignRecipientsPage($id: ID!, $first: Int, $after: String, $status: String) {\n    campaignRecipients(id: $id, first: $first, after: $after, status: $status) {\n      nodes {\n        id\n        to\n        timeZone\n        timeZones\n        status\n        attempts\n        lastCallId\n        lastDisposition\n        nextAttemptAt\n        answers\n        optedOut\n      }\n      endCursor\n      hasNextPage\n    }\n  }\n": typeof types.CampaignRecipientsPageDocument,
    "\n  query CampaignAnswersView($id: ID!) {\n    campaignAnswers(id: $id) {\n      key\n      question\n      type\n      options\n      answered\n      truncated\n      values {\n        value\n        count\n      }\n    }\n  }\n": typeof types.CampaignAnswersViewDocument,
    "\n  mutation PauseCampaignNow($id: ID!) {\n    pauseCampaign(id: $id) {\n      id\n      status\n    }\n  }\n": typeof types.PauseCampaignNowDocument,
    "\n  mutation ResumeCampaignNow($id: ID!) {\n    resumeCampaign(id: $id) {\n      id\n      status\n    }\n  }\n": typeof types.ResumeCampaignNowDocument,
    "\n  mutation CancelCampaignNow($id: ID!) {\n    cancelCampaign(id: $id) {\n      id\n      status\n    }\n  }\n": typeof types.CancelCampaignNowDocument,
    "\n  fragment CarrierFields on CarrierConnection {\n    type\n    source\n    host\n    port\n    transport\n    username\n    accountSid\n    numbers\n    passwordSet\n    authTokenSet\n    updatedAt\n  }\n": typeof types.CarrierFieldsFragmentDoc,
    "\n  query Carrier {\n    carrier {\n      ...CarrierFields\n    }\n  }\n": typeof types.CarrierDocument,
    "\n  mutation UpdateCarrier($input: CarrierConnectionInput!) {\n    updateCarrier(input: $input) {\n      ...CarrierFields\n    }\n  }\n": typeof types.UpdateCarrierDocument,
    "\n  mutation RemoveCarrier {\n    removeCarrier {\n      ...CarrierFields\n    }\n  }\n": typeof types.RemoveCarrierDocument,
    "\n  mutation TestCarrier {\n    testCarrier {\n      ok\n      message\n    }\n  }\n": typeof types.TestCarrierDocument,
    "\n  query WebhookDeliveries($after: String, $callId: ID, $delivered: Boolean, $event: WebhookEvent) {\n    webhookDeliveries(first: 20, after: $after, callId: $callId, delivered: $delivered, event: $event) {\n      nodes {\n        id\n        callId\n        event\n        state\n        attempts\n        responseCode\n        createdAt\n        deliveredAt\n        nextAttemptAt\n        url\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.WebhookDeliveriesDocument,
    "\n  query WebhookDelivery($id: ID!) {\n    webhookDelivery(id: $id) {\n      id\n      event\n      state\n      payload\n      lastError\n      attemptLog {\n        id\n        attemptedAt\n        durationMs\n        responseCode\n        responseExcerpt\n        error\n        trigger\n        url\n      }\n    }\n  }\n": typeof types.WebhookDeliveryDocument,
    "\n  mutation RedeliverWebhook($id: ID!) {\n    redeliverWebhook(id: $id) {\n      id\n      state\n      attempts\n    }\n  }\n": typeof types.RedeliverWebhookDocument,
    "\n  mutation ReplayWebhooks($since: DateTime!, $event: WebhookEvent) {\n    replayWebhooks(since: $since, event: $event) {\n      since\n      event\n    }\n  }\n": typeof types.ReplayWebhooksDocument,
    "\n  fragment InboundSettingsFields on InboundSettings {\n    enabled\n    greeting\n    task\n    questions {\n      key\n      text\n      type\n      options\n    }\n    webhookUrl\n    transferTo\n    updatedAt\n  }\n": typeof types.InboundSettingsFieldsFragmentDoc,
    "\n  query InboundSettings {\n    inboundSettings {\n      ...InboundSettingsFields\n    }\n  }\n": typeof types.InboundSettingsDocument,
    "\n  mutation UpdateInboundSettings($input: InboundSettingsInput!) {\n    updateInboundSettings(input: $input) {\n      ...InboundSettingsFields\n    }\n  }\n": typeof types.UpdateInboundSettingsDocument,
    "\n  mutation RemoveInboundSettings {\n    removeInboundSettings {\n      ...InboundSettingsFields\n    }\n  }\n": typeof types.RemoveInboundSettingsDocument,
    "\n  query InboundNumbers {\n    carrier {\n      type\n      source\n      numbers\n    }\n  }\n": typeof types.InboundNumbersDocument,
    "\n  query ApiKeys {\n    apiKeys {\n      id\n      name\n      prefix\n      status\n      createdAt\n      lastUsedAt\n      revokedAt\n    }\n  }\n": typeof types.ApiKeysDocument,
    "\n  mutation CreateApiKey($name: String) {\n    createApiKey(name: $name) {\n      id\n      prefix\n      secret\n    }\n  }\n": typeof types.CreateApiKeyDocument,
    "\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      id\n      status\n      revokedAt\n    }\n  }\n": typeof types.RevokeApiKeyDocument,
    "\n  query Webhook {\n    webhook {\n      webhookUrl\n      secretLast4\n    }\n  }\n": typeof types.WebhookDocument,
    "\n  mutation UpdateWebhook($webhookUrl: String) {\n    updateWebhook(webhookUrl: $webhookUrl) {\n      webhookUrl\n      secretLast4\n    }\n  }\n": typeof types.UpdateWebhookDocument,
    "\n  mutation RotateWebhookSecret {\n    rotateWebhookSecret {\n      webhookSecret\n    }\n  }\n": typeof types.RotateWebhookSecretDocument,
    "\n  query Members($after: String) {\n    members(first: 20, after: $after) {\n      nodes {\n        id\n        email\n        role\n        active\n        emailVerified\n        createdAt\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.MembersDocument,
    "\n  mutation AddMember($input: AddMemberInput!) {\n    addMember(input: $input) {\n      id\n      email\n    }\n  }\n": typeof types.AddMemberDocument,
    "\n  mutation DeactivateMember($id: ID!) {\n    deactivateMember(id: $id) {\n      id\n      active\n    }\n  }\n": typeof types.DeactivateMemberDocument,
    "\n  query SuppressionList($search: String, $after: String, $first: Int) {\n    suppressions(search: $search, after: $after, first: $first) {\n      nodes {\n        number\n        source\n        createdAt\n      }\n      endCursor\n      hasNextPage\n    }\n  }\n": typeof types.SuppressionListDocument,
    "\n  mutation AddDoNotCall($numbers: [String!]!) {\n    addSuppressions(numbers: $numbers) {\n      added\n      numbers\n    }\n  }\n": typeof types.AddDoNotCallDocument,
    "\n  mutation ImportDoNotCall($numbers: [String!]!) {\n    importSuppressions(numbers: $numbers) {\n      added\n      numbers\n    }\n  }\n": typeof types.ImportDoNotCallDocument,
    "\n  mutation RemoveDoNotCall($number: String!) {\n    removeSuppression(number: $number)\n  }\n": typeof types.RemoveDoNotCallDocument,
};
const documents: Documents = {
    "\n  mutation ResendVerification {\n    resendVerification\n  }\n": types.ResendVerificationDocument,
    "\n  subscription CallUpdated {\n    callUpdated {\n      id\n      status\n    }\n  }\n": types.CallUpdatedDocument,
    "\n  subscription CampaignUpdatedLive($id: ID) {\n    campaignUpdated(id: $id) {\n      id\n      status\n    }\n  }\n": types.CampaignUpdatedLiveDocument,
    "\n  query Me {\n    me {\n      id\n      email\n      role\n      emailVerified\n      organization {\n        id\n        name\n        active\n      }\n    }\n  }\n": types.MeDocument,
    "\n  mutation PlaceCall($input: PlaceCallInput!) {\n    placeCall(input: $input) {\n      id\n      status\n    }\n  }\n": types.PlaceCallDocument,
    "\n  query AdminStats {\n    adminStats {\n      generatedAt\n      organizations {\n        active\n        total\n      }\n      users {\n        active\n        total\n        platformAdmins\n      }\n      apiKeys {\n        active\n        revoked\n      }\n      calls {\n        total\n        open\n        last24h\n        byStatus {\n          value\n          count\n        }\n      }\n      webhookDeliveries {\n        total\n        byState {\n          value\n          count\n        }\n      }\n    }\n  }\n": types.AdminStatsDocument,
    "\n  query AdminOrganizations($q: String, $after: String) {\n    adminOrganizations(q: $q, after: $after, first: 20) {\n      nodes {\n        id\n        name\n        active\n        userCount\n        callCount\n        openCallCount\n        activeApiKeyCount\n        createdAt\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.AdminOrganizationsDocument,
    "\n  mutation AdminSetOrganizationActive($id: ID!, $active: Boolean!) {\n    adminSetOrganizationActive(id: $id, active: $active) {\n      id\n      active\n    }\n  }\n": types.AdminSetOrganizationActiveDocument,
    "\n  query AdminUsers($q: String, $after: String) {\n    adminUsers(q: $q, after: $after, first: 20) {\n      nodes {\n        id\n        email\n        role\n        active\n        emailVerified\n        isPlatformAdmin\n        orgId\n        createdAt\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.AdminUsersDocument,
    "\n  mutation AdminSetUserActive($id: ID!, $active: Boolean!) {\n    adminSetUserActive(id: $id, active: $active) {\n      id\n      active\n    }\n  }\n": types.AdminSetUserActiveDocument,
    "\n  query AdminAuditLog($after: String) {\n    adminAuditLog(after: $after, first: 20) {\n      nodes {\n        id\n        action\n        actorEmail\n        targetType\n        targetId\n        createdAt\n        ip\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.AdminAuditLogDocument,
    "\n  fragment AgentSettingsFields on AgentSettings {\n    callerName\n    language\n    voice\n    instructions\n    llm {\n      enabled\n      active\n      source\n      url\n      model\n      apiKeySet\n    }\n    supportedLanguages\n    updatedAt\n  }\n": types.AgentSettingsFieldsFragmentDoc,
    "\n  query AgentSettings {\n    agentSettings {\n      ...AgentSettingsFields\n    }\n  }\n": types.AgentSettingsDocument,
    "\n  mutation UpdateAgentSettings($input: AgentSettingsInput!) {\n    updateAgentSettings(input: $input) {\n      ...AgentSettingsFields\n    }\n  }\n": types.UpdateAgentSettingsDocument,
    "\n  query AnalyticsView($from: String!, $to: String!, $campaignId: ID) {\n    analytics(from: $from, to: $to, campaignId: $campaignId) {\n      calls {\n        day\n        calls\n        outcomes {\n          outcome\n          count\n        }\n        answered\n        answerRate\n        averageDurationSeconds\n        latencyP50Ms\n        latencyP95Ms\n        latencyCalls\n      }\n      deliveries {\n        day\n        attempts\n        succeeded\n        successRate\n        averageLatencyMs\n        latencyP95Ms\n      }\n    }\n  }\n": types.AnalyticsViewDocument,
    "\n  query CampaignChoices {\n    campaigns(first: 100) {\n      nodes {\n        id\n        name\n      }\n    }\n  }\n": types.CampaignChoicesDocument,
    "\n  mutation Login($email: String!, $password: String!) {\n    login(email: $email, password: $password) {\n      accessToken\n      expiresIn\n    }\n  }\n": types.LoginDocument,
    "\n  mutation Signup($input: SignupInput!) {\n    signup(input: $input) {\n      accessToken\n      expiresIn\n      webhookSecret\n      apiKey {\n        id\n        prefix\n        secret\n      }\n    }\n  }\n": types.SignupDocument,
    "\n  mutation VerifyEmail($token: String!) {\n    verifyEmail(token: $token) {\n      emailVerified\n    }\n  }\n": types.VerifyEmailDocument,
    "\n  mutation RequestPasswordReset($email: String!) {\n    requestPasswordReset(email: $email)\n  }\n": types.RequestPasswordResetDocument,
    "\n  mutation ResetPassword($token: String!, $password: String!) {\n    resetPassword(token: $token, password: $password) {\n      accessToken\n      expiresIn\n    }\n  }\n": types.ResetPasswordDocument,
    "\n  mutation AcceptInvitation($token: String!, $password: String!) {\n    acceptInvitation(token: $token, password: $password) {\n      accessToken\n      expiresIn\n    }\n  }\n": types.AcceptInvitationDocument,
    "\n  query Calls($status: CallStatus, $after: String) {\n    calls(first: 20, status: $status, after: $after) {\n      nodes {\n        id\n        to\n        status\n        disposition\n        durationSeconds\n        createdAt\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.CallsDocument,
    "\n  query Call($id: ID!) {\n    call(id: $id) {\n      id\n      to\n      from\n      status\n      disposition\n      task\n      questions {\n        key\n        text\n      }\n      createdAt\n      startedAt\n      endedAt\n      durationSeconds\n      maxDurationSeconds\n      transcript\n      structuredAnswers\n      recordingUrl\n      webhookUrl\n      metadata\n      callerName\n      optedOut\n      callbackAt\n      turns {\n        speaker\n        text\n        startMs\n        endMs\n        interrupted\n        latency {\n          endOfTurnMs\n          recognitionMs\n          decisionMs\n          synthesisMs\n          totalMs\n        }\n      }\n      latency {\n        p50Ms\n        p95Ms\n        turns\n      }\n    }\n  }\n": types.CallDocument,
    "\n  mutation CancelCall($id: ID!) {\n    cancelCall(id: $id) {\n      id\n      status\n    }\n  }\n": types.CancelCallDocument,
    "\n  query RecipientsPreview($input: PreviewRecipientsInput!) {\n    previewCampaignRecipients(input: $input) {\n      total\n      valid\n      invalid\n      suppressed\n      duplicates\n      rows {\n        index\n        to\n        errors {\n          field\n          message\n        }\n        timeZones\n        timeZoneSource\n        firstCallAt\n        suppressed\n        duplicate\n      }\n    }\n  }\n": types.RecipientsPreviewDocument,
    "\n  mutation CreateCampaignFromFile($input: CreateCampaignInput!) {\n    createCampaign(input: $input) {\n      id\n    }\n  }\n": types.CreateCampaignFromFileDocument,
    "\n  mutation AppendCampaignRecipients($id: ID!, $recipients: [CampaignRecipientInput!]!, $idempotencyKey: String) {\n    addCampaignRecipients(id: $id, recipients: $recipients, idempotencyKey: $idempotencyKey) {\n      id\n    }\n  }\n": types.AppendCampaignRecipientsDocument,
    "\n  fragment CampaignProgressFields on CampaignProgress {\n    total\n    reached\n    optedOut\n    pending\n    retrying\n    calling\n    failed\n    suppressed\n    canceled\n  }\n": types.CampaignProgressFieldsFragmentDoc,
    "\n  query CampaignsList($after: String) {\n    campaigns(first: 20, after: $after) {\n      nodes {\n        id\n        name\n        status\n        createdAt\n        progress {\n          ...CampaignProgressFields\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.CampaignsListDocument,
    "\n  query CampaignDetail($id: ID!) {\n    campaign(id: $id) {\n      id\n      name\n      status\n      task\n      questions\n      startAt\n      endAt\n      timeZone\n      callingWindow {\n        days\n        start\n        end\n      }\n      maxConcurrentCalls\n      maxCallsPerSecond\n      retry\n      createdAt\n      startedAt\n      completedAt\n      progress {\n        ...CampaignProgressFields\n      }\n    }\n  }\n": types.CampaignDetailDocument,
    "\n  query CampaignRecipientsPage($id: ID!, $first: Int, $after: String, $status: String) {\n    campaignRecipients(id: $id, first: $first, after: $after, status: $status) {\n      nodes {\n        id\n        to\n        timeZone\n        timeZones\n        status\n        attempts\n        lastCallId\n        lastDisposition\n        nextAttemptAt\n        answers\n        optedOut\n      }\n      endCursor\n      hasNextPage\n    }\n  }\n": types.CampaignRecipientsPageDocument,
    "\n  query CampaignAnswersView($id: ID!) {\n    campaignAnswers(id: $id) {\n      key\n      question\n      type\n      options\n      answered\n      truncated\n      values {\n        value\n        count\n      }\n    }\n  }\n": types.CampaignAnswersViewDocument,
    "\n  mutation PauseCampaignNow($id: ID!) {\n    pauseCampaign(id: $id) {\n      id\n      status\n    }\n  }\n": types.PauseCampaignNowDocument,
    "\n  mutation ResumeCampaignNow($id: ID!) {\n    resumeCampaign(id: $id) {\n      id\n      status\n    }\n  }\n": types.ResumeCampaignNowDocument,
    "\n  mutation CancelCampaignNow($id: ID!) {\n    cancelCampaign(id: $id) {\n      id\n      status\n    }\n  }\n": types.CancelCampaignNowDocument,
    "\n  fragment CarrierFields on CarrierConnection {\n    type\n    source\n    host\n    port\n    transport\n    username\n    accountSid\n    numbers\n    passwordSet\n    authTokenSet\n    updatedAt\n  }\n": types.CarrierFieldsFragmentDoc,
    "\n  query Carrier {\n    carrier {\n      ...CarrierFields\n    }\n  }\n": types.CarrierDocument,
    "\n  mutation UpdateCarrier($input: CarrierConnectionInput!) {\n    updateCarrier(input: $input) {\n      ...CarrierFields\n    }\n  }\n": types.UpdateCarrierDocument,
    "\n  mutation RemoveCarrier {\n    removeCarrier {\n      ...CarrierFields\n    }\n  }\n": types.RemoveCarrierDocument,
    "\n  mutation TestCarrier {\n    testCarrier {\n      ok\n      message\n    }\n  }\n": types.TestCarrierDocument,
    "\n  query WebhookDeliveries($after: String, $callId: ID, $delivered: Boolean, $event: WebhookEvent) {\n    webhookDeliveries(first: 20, after: $after, callId: $callId, delivered: $delivered, event: $event) {\n      nodes {\n        id\n        callId\n        event\n        state\n        attempts\n        responseCode\n        createdAt\n        deliveredAt\n        nextAttemptAt\n        url\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.WebhookDeliveriesDocument,
    "\n  query WebhookDelivery($id: ID!) {\n    webhookDelivery(id: $id) {\n      id\n      event\n      state\n      payload\n      lastError\n      attemptLog {\n        id\n        attemptedAt\n        durationMs\n        responseCode\n        responseExcerpt\n        error\n        trigger\n        url\n      }\n    }\n  }\n": types.WebhookDeliveryDocument,
    "\n  mutation RedeliverWebhook($id: ID!) {\n    redeliverWebhook(id: $id) {\n      id\n      state\n      attempts\n    }\n  }\n": types.RedeliverWebhookDocument,
    "\n  mutation ReplayWebhooks($since: DateTime!, $event: WebhookEvent) {\n    replayWebhooks(since: $since, event: $event) {\n      since\n      event\n    }\n  }\n": types.ReplayWebhooksDocument,
    "\n  fragment InboundSettingsFields on InboundSettings {\n    enabled\n    greeting\n    task\n    questions {\n      key\n      text\n      type\n      options\n    }\n    webhookUrl\n    transferTo\n    updatedAt\n  }\n": types.InboundSettingsFieldsFragmentDoc,
    "\n  query InboundSettings {\n    inboundSettings {\n      ...InboundSettingsFields\n    }\n  }\n": types.InboundSettingsDocument,
    "\n  mutation UpdateInboundSettings($input: InboundSettingsInput!) {\n    updateInboundSettings(input: $input) {\n      ...InboundSettingsFields\n    }\n  }\n": types.UpdateInboundSettingsDocument,
    "\n  mutation RemoveInboundSettings {\n    removeInboundSettings {\n      ...InboundSettingsFields\n    }\n  }\n": types.RemoveInboundSettingsDocument,
    "\n  query InboundNumbers {\n    carrier {\n      type\n      source\n      numbers\n    }\n  }\n": types.InboundNumbersDocument,
    "\n  query ApiKeys {\n    apiKeys {\n      id\n      name\n      prefix\n      status\n      createdAt\n      lastUsedAt\n      revokedAt\n    }\n  }\n": types.ApiKeysDocument,
    "\n  mutation CreateApiKey($name: String) {\n    createApiKey(name: $name) {\n      id\n      prefix\n      secret\n    }\n  }\n": types.CreateApiKeyDocument,
    "\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      id\n      status\n      revokedAt\n    }\n  }\n": types.RevokeApiKeyDocument,
    "\n  query Webhook {\n    webhook {\n      webhookUrl\n      secretLast4\n    }\n  }\n": types.WebhookDocument,
    "\n  mutation UpdateWebhook($webhookUrl: String) {\n    updateWebhook(webhookUrl: $webhookUrl) {\n      webhookUrl\n      secretLast4\n    }\n  }\n": types.UpdateWebhookDocument,
    "\n  mutation RotateWebhookSecret {\n    rotateWebhookSecret {\n      webhookSecret\n    }\n  }\n": types.RotateWebhookSecretDocument,
    "\n  query Members($after: String) {\n    members(first: 20, after: $after) {\n      nodes {\n        id\n        email\n        role\n        active\n        emailVerified\n        createdAt\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.MembersDocument,
    "\n  mutation AddMember($input: AddMemberInput!) {\n    addMember(input: $input) {\n      id\n      email\n    }\n  }\n": types.AddMemberDocument,
    "\n  mutation DeactivateMember($id: ID!) {\n    deactivateMember(id: $id) {\n      id\n      active\n    }\n  }\n": types.DeactivateMemberDocument,
    "\n  query SuppressionList($search: String, $after: String, $first: Int) {\n    suppressions(search: $search, after: $after, first: $first) {\n      nodes {\n        number\n        source\n        createdAt\n      }\n      endCursor\n      hasNextPage\n    }\n  }\n": types.SuppressionListDocument,
    "\n  mutation AddDoNotCall($numbers: [String!]!) {\n    addSuppressions(numbers: $numbers) {\n      added\n      numbers\n    }\n  }\n": types.AddDoNotCallDocument,
    "\n  mutation ImportDoNotCall($numbers: [String!]!) {\n    importSuppressions(numbers: $numbers) {\n      added\n      numbers\n    }\n  }\n": types.ImportDoNotCallDocument,
    "\n  mutation RemoveDoNotCall($number: String!) {\n    removeSuppression(number: $number)\n  }\n": types.RemoveDoNotCallDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResendVerification {\n    resendVerification\n  }\n"): typeof import('./graphql').ResendVerificationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription CallUpdated {\n    callUpdated {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql').CallUpdatedDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription CampaignUpdatedLive($id: ID) {\n    campaignUpdated(id: $id) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql').CampaignUpdatedLiveDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Me {\n    me {\n      id\n      email\n      role\n      emailVerified\n      organization {\n        id\n        name\n        active\n      }\n    }\n  }\n"): typeof import('./graphql').MeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PlaceCall($input: PlaceCallInput!) {\n    placeCall(input: $input) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql').PlaceCallDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminStats {\n    adminStats {\n      generatedAt\n      organizations {\n        active\n        total\n      }\n      users {\n        active\n        total\n        platformAdmins\n      }\n      apiKeys {\n        active\n        revoked\n      }\n      calls {\n        total\n        open\n        last24h\n        byStatus {\n          value\n          count\n        }\n      }\n      webhookDeliveries {\n        total\n        byState {\n          value\n          count\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').AdminStatsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminOrganizations($q: String, $after: String) {\n    adminOrganizations(q: $q, after: $after, first: 20) {\n      nodes {\n        id\n        name\n        active\n        userCount\n        callCount\n        openCallCount\n        activeApiKeyCount\n        createdAt\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): typeof import('./graphql').AdminOrganizationsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminSetOrganizationActive($id: ID!, $active: Boolean!) {\n    adminSetOrganizationActive(id: $id, active: $active) {\n      id\n      active\n    }\n  }\n"): typeof import('./graphql').AdminSetOrganizationActiveDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminUsers($q: String, $after: String) {\n    adminUsers(q: $q, after: $after, first: 20) {\n      nodes {\n        id\n        email\n        role\n        active\n        emailVerified\n        isPlatformAdmin\n        orgId\n        createdAt\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): typeof import('./graphql').AdminUsersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminSetUserActive($id: ID!, $active: Boolean!) {\n    adminSetUserActive(id: $id, active: $active) {\n      id\n      active\n    }\n  }\n"): typeof import('./graphql').AdminSetUserActiveDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminAuditLog($after: String) {\n    adminAuditLog(after: $after, first: 20) {\n      nodes {\n        id\n        action\n        actorEmail\n        targetType\n        targetId\n        createdAt\n        ip\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): typeof import('./graphql').AdminAuditLogDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AgentSettingsFields on AgentSettings {\n    callerName\n    language\n    voice\n    instructions\n    llm {\n      enabled\n      active\n      source\n      url\n      model\n      apiKeySet\n    }\n    supportedLanguages\n    updatedAt\n  }\n"): typeof import('./graphql').AgentSettingsFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AgentSettings {\n    agentSettings {\n      ...AgentSettingsFields\n    }\n  }\n"): typeof import('./graphql').AgentSettingsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateAgentSettings($input: AgentSettingsInput!) {\n    updateAgentSettings(input: $input) {\n      ...AgentSettingsFields\n    }\n  }\n"): typeof import('./graphql').UpdateAgentSettingsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AnalyticsView($from: String!, $to: String!, $campaignId: ID) {\n    analytics(from: $from, to: $to, campaignId: $campaignId) {\n      calls {\n        day\n        calls\n        outcomes {\n          outcome\n          count\n        }\n        answered\n        answerRate\n        averageDurationSeconds\n        latencyP50Ms\n        latencyP95Ms\n        latencyCalls\n      }\n      deliveries {\n        day\n        attempts\n        succeeded\n        successRate\n        averageLatencyMs\n        latencyP95Ms\n      }\n    }\n  }\n"): typeof import('./graphql').AnalyticsViewDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CampaignChoices {\n    campaigns(first: 100) {\n      nodes {\n        id\n        name\n      }\n    }\n  }\n"): typeof import('./graphql').CampaignChoicesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Login($email: String!, $password: String!) {\n    login(email: $email, password: $password) {\n      accessToken\n      expiresIn\n    }\n  }\n"): typeof import('./graphql').LoginDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Signup($input: SignupInput!) {\n    signup(input: $input) {\n      accessToken\n      expiresIn\n      webhookSecret\n      apiKey {\n        id\n        prefix\n        secret\n      }\n    }\n  }\n"): typeof import('./graphql').SignupDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation VerifyEmail($token: String!) {\n    verifyEmail(token: $token) {\n      emailVerified\n    }\n  }\n"): typeof import('./graphql').VerifyEmailDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RequestPasswordReset($email: String!) {\n    requestPasswordReset(email: $email)\n  }\n"): typeof import('./graphql').RequestPasswordResetDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResetPassword($token: String!, $password: String!) {\n    resetPassword(token: $token, password: $password) {\n      accessToken\n      expiresIn\n    }\n  }\n"): typeof import('./graphql').ResetPasswordDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AcceptInvitation($token: String!, $password: String!) {\n    acceptInvitation(token: $token, password: $password) {\n      accessToken\n      expiresIn\n    }\n  }\n"): typeof import('./graphql').AcceptInvitationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Calls($status: CallStatus, $after: String) {\n    calls(first: 20, status: $status, after: $after) {\n      nodes {\n        id\n        to\n        status\n        disposition\n        durationSeconds\n        createdAt\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): typeof import('./graphql').CallsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Call($id: ID!) {\n    call(id: $id) {\n      id\n      to\n      from\n      status\n      disposition\n      task\n      questions {\n        key\n        text\n      }\n      createdAt\n      startedAt\n      endedAt\n      durationSeconds\n      maxDurationSeconds\n      transcript\n      structuredAnswers\n      recordingUrl\n      webhookUrl\n      metadata\n      callerName\n      optedOut\n      callbackAt\n      turns {\n        speaker\n        text\n        startMs\n        endMs\n        interrupted\n        latency {\n          endOfTurnMs\n          recognitionMs\n          decisionMs\n          synthesisMs\n          totalMs\n        }\n      }\n      latency {\n        p50Ms\n        p95Ms\n        turns\n      }\n    }\n  }\n"): typeof import('./graphql').CallDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelCall($id: ID!) {\n    cancelCall(id: $id) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql').CancelCallDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RecipientsPreview($input: PreviewRecipientsInput!) {\n    previewCampaignRecipients(input: $input) {\n      total\n      valid\n      invalid\n      suppressed\n      duplicates\n      rows {\n        index\n        to\n        errors {\n          field\n          message\n        }\n        timeZones\n        timeZoneSource\n        firstCallAt\n        suppressed\n        duplicate\n      }\n    }\n  }\n"): typeof import('./graphql').RecipientsPreviewDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateCampaignFromFile($input: CreateCampaignInput!) {\n    createCampaign(input: $input) {\n      id\n    }\n  }\n"): typeof import('./graphql').CreateCampaignFromFileDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AppendCampaignRecipients($id: ID!, $recipients: [CampaignRecipientInput!]!, $idempotencyKey: String) {\n    addCampaignRecipients(id: $id, recipients: $recipients, idempotencyKey: $idempotencyKey) {\n      id\n    }\n  }\n"): typeof import('./graphql').AppendCampaignRecipientsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CampaignProgressFields on CampaignProgress {\n    total\n    reached\n    optedOut\n    pending\n    retrying\n    calling\n    failed\n    suppressed\n    canceled\n  }\n"): typeof import('./graphql').CampaignProgressFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CampaignsList($after: String) {\n    campaigns(first: 20, after: $after) {\n      nodes {\n        id\n        name\n        status\n        createdAt\n        progress {\n          ...CampaignProgressFields\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): typeof import('./graphql').CampaignsListDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CampaignDetail($id: ID!) {\n    campaign(id: $id) {\n      id\n      name\n      status\n      task\n      questions\n      startAt\n      endAt\n      timeZone\n      callingWindow {\n        days\n        start\n        end\n      }\n      maxConcurrentCalls\n      maxCallsPerSecond\n      retry\n      createdAt\n      startedAt\n      completedAt\n      progress {\n        ...CampaignProgressFields\n      }\n    }\n  }\n"): typeof import('./graphql').CampaignDetailDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CampaignRecipientsPage($id: ID!, $first: Int, $after: String, $status: String) {\n    campaignRecipients(id: $id, first: $first, after: $after, status: $status) {\n      nodes {\n        id\n        to\n        timeZone\n        timeZones\n        status\n        attempts\n        lastCallId\n        lastDisposition\n        nextAttemptAt\n        answers\n        optedOut\n      }\n      endCursor\n      hasNextPage\n    }\n  }\n"): typeof import('./graphql').CampaignRecipientsPageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CampaignAnswersView($id: ID!) {\n    campaignAnswers(id: $id) {\n      key\n      question\n      type\n      options\n      answered\n      truncated\n      values {\n        value\n        count\n      }\n    }\n  }\n"): typeof import('./graphql').CampaignAnswersViewDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PauseCampaignNow($id: ID!) {\n    pauseCampaign(id: $id) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql').PauseCampaignNowDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResumeCampaignNow($id: ID!) {\n    resumeCampaign(id: $id) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql').ResumeCampaignNowDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelCampaignNow($id: ID!) {\n    cancelCampaign(id: $id) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql').CancelCampaignNowDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CarrierFields on CarrierConnection {\n    type\n    source\n    host\n    port\n    transport\n    username\n    accountSid\n    numbers\n    passwordSet\n    authTokenSet\n    updatedAt\n  }\n"): typeof import('./graphql').CarrierFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Carrier {\n    carrier {\n      ...CarrierFields\n    }\n  }\n"): typeof import('./graphql').CarrierDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateCarrier($input: CarrierConnectionInput!) {\n    updateCarrier(input: $input) {\n      ...CarrierFields\n    }\n  }\n"): typeof import('./graphql').UpdateCarrierDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveCarrier {\n    removeCarrier {\n      ...CarrierFields\n    }\n  }\n"): typeof import('./graphql').RemoveCarrierDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TestCarrier {\n    testCarrier {\n      ok\n      message\n    }\n  }\n"): typeof import('./graphql').TestCarrierDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WebhookDeliveries($after: String, $callId: ID, $delivered: Boolean, $event: WebhookEvent) {\n    webhookDeliveries(first: 20, after: $after, callId: $callId, delivered: $delivered, event: $event) {\n      nodes {\n        id\n        callId\n        event\n        state\n        attempts\n        responseCode\n        createdAt\n        deliveredAt\n        nextAttemptAt\n        url\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): typeof import('./graphql').WebhookDeliveriesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WebhookDelivery($id: ID!) {\n    webhookDelivery(id: $id) {\n      id\n      event\n      state\n      payload\n      lastError\n      attemptLog {\n        id\n        attemptedAt\n        durationMs\n        responseCode\n        responseExcerpt\n        error\n        trigger\n        url\n      }\n    }\n  }\n"): typeof import('./graphql').WebhookDeliveryDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RedeliverWebhook($id: ID!) {\n    redeliverWebhook(id: $id) {\n      id\n      state\n      attempts\n    }\n  }\n"): typeof import('./graphql').RedeliverWebhookDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReplayWebhooks($since: DateTime!, $event: WebhookEvent) {\n    replayWebhooks(since: $since, event: $event) {\n      since\n      event\n    }\n  }\n"): typeof import('./graphql').ReplayWebhooksDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment InboundSettingsFields on InboundSettings {\n    enabled\n    greeting\n    task\n    questions {\n      key\n      text\n      type\n      options\n    }\n    webhookUrl\n    transferTo\n    updatedAt\n  }\n"): typeof import('./graphql').InboundSettingsFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query InboundSettings {\n    inboundSettings {\n      ...InboundSettingsFields\n    }\n  }\n"): typeof import('./graphql').InboundSettingsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateInboundSettings($input: InboundSettingsInput!) {\n    updateInboundSettings(input: $input) {\n      ...InboundSettingsFields\n    }\n  }\n"): typeof import('./graphql').UpdateInboundSettingsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveInboundSettings {\n    removeInboundSettings {\n      ...InboundSettingsFields\n    }\n  }\n"): typeof import('./graphql').RemoveInboundSettingsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query InboundNumbers {\n    carrier {\n      type\n      source\n      numbers\n    }\n  }\n"): typeof import('./graphql').InboundNumbersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ApiKeys {\n    apiKeys {\n      id\n      name\n      prefix\n      status\n      createdAt\n      lastUsedAt\n      revokedAt\n    }\n  }\n"): typeof import('./graphql').ApiKeysDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateApiKey($name: String) {\n    createApiKey(name: $name) {\n      id\n      prefix\n      secret\n    }\n  }\n"): typeof import('./graphql').CreateApiKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      id\n      status\n      revokedAt\n    }\n  }\n"): typeof import('./graphql').RevokeApiKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Webhook {\n    webhook {\n      webhookUrl\n      secretLast4\n    }\n  }\n"): typeof import('./graphql').WebhookDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateWebhook($webhookUrl: String) {\n    updateWebhook(webhookUrl: $webhookUrl) {\n      webhookUrl\n      secretLast4\n    }\n  }\n"): typeof import('./graphql').UpdateWebhookDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RotateWebhookSecret {\n    rotateWebhookSecret {\n      webhookSecret\n    }\n  }\n"): typeof import('./graphql').RotateWebhookSecretDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Members($after: String) {\n    members(first: 20, after: $after) {\n      nodes {\n        id\n        email\n        role\n        active\n        emailVerified\n        createdAt\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): typeof import('./graphql').MembersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddMember($input: AddMemberInput!) {\n    addMember(input: $input) {\n      id\n      email\n    }\n  }\n"): typeof import('./graphql').AddMemberDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeactivateMember($id: ID!) {\n    deactivateMember(id: $id) {\n      id\n      active\n    }\n  }\n"): typeof import('./graphql').DeactivateMemberDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SuppressionList($search: String, $after: String, $first: Int) {\n    suppressions(search: $search, after: $after, first: $first) {\n      nodes {\n        number\n        source\n        createdAt\n      }\n      endCursor\n      hasNextPage\n    }\n  }\n"): typeof import('./graphql').SuppressionListDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddDoNotCall($numbers: [String!]!) {\n    addSuppressions(numbers: $numbers) {\n      added\n      numbers\n    }\n  }\n"): typeof import('./graphql').AddDoNotCallDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ImportDoNotCall($numbers: [String!]!) {\n    importSuppressions(numbers: $numbers) {\n      added\n      numbers\n    }\n  }\n"): typeof import('./graphql').ImportDoNotCallDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveDoNotCall($number: String!) {\n    removeSuppression(number: $number)\n  }\n"): typeof import('./graphql').RemoveDoNotCallDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
