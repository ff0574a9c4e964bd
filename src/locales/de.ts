import type { Translation } from './en.js';

/** German: what customers see (the vendor's integration pages stay in English). */
export default {
  'layout.skip': 'Zum Inhalt springen',
  'layout.vendor_fallback': 'Ihr Anbieter',
  'footer.secured':
    'Verbindungen werden direkt und sicher mit der jeweiligen Werbeplattform hergestellt. Ihre Passwörter werden nie weitergegeben.',
  'steps.label': 'Fortschritt',
  'steps.connect': 'Verbinden',
  'steps.choose': 'Werbekonten wählen',
  'steps.done': 'Fertig',
  'landing.title': 'Werbekonten verbinden',
  'landing.intro': '{vendor} bittet Sie, Ihre Werbekonten zu verbinden.',
  'landing.valid_until':
    'Dieser Link funktioniert einmal, bis {expires, datetime(dateStyle: medium; timeStyle: short; timeZone: UTC)} UTC.',
  'landing.continue': 'Weiter',
  'landing.noscript': 'Wählen Sie „Weiter“, um zu beginnen.',
  'landing.replaces':
    'In diesem Browser läuft gerade ein anderer Verbindungsbesuch. Wenn Sie fortfahren, endet er und dieser beginnt.',
  'connections.title': 'Werbekonten verbinden',
  'connections.intro':
    'Wählen Sie die Werbeplattformen, die {vendor} für Sie verwalten soll. Sie können mehrere verbinden.',
  'connections.list': 'Werbeplattformen',
  'connections.next.title': 'So geht es weiter',
  'connections.next.sign_in': 'Sie melden sich auf der Website der gewählten Werbeplattform an.',
  'connections.next.choose': 'Sie wählen dort die Werbekonten, die {vendor} verwalten darf.',
  'connections.next.back':
    'Sie kommen hierher zurück, um eine weitere Plattform zu verbinden oder abzuschließen.',
  'connections.status.not_connected': 'Nicht verbunden',
  'connections.status.connected': 'Verbunden — {accounts}',
  'connections.status.needs_reauth': 'Muss neu verbunden werden',
  'connections.connect': 'Verbinden',
  'connections.connect_label': '{platform} verbinden',
  'connections.reconnect': 'Neu verbinden',
  'connections.reconnect_label': '{platform} neu verbinden',
  'connections.done': 'Fertig',
  'connections.leave': 'Ohne Verbindung verlassen',
  'connections.none_offered':
    'Zurzeit ist keine Werbeplattform verfügbar. Bitte wenden Sie sich an {vendor}.',
  'connections.just_connected': '{platform} ist verbunden.',
  'done.title': 'Alles erledigt',
  'done.title_partial': 'Teilweise verbunden',
  'done.success': '{vendor} kann jetzt Ihre Anzeigen auf {platforms, list} verwalten.',
  'done.partial':
    '{vendor} kann jetzt Ihre Anzeigen auf {platforms, list} verwalten. Die anderen Plattformen, die Sie versucht haben, wurden nicht verbunden; {vendor} kann Ihnen dafür einen neuen Link senden.',
  'done.redirecting': 'Sie werden in {seconds, number} Sekunden zu {vendor} zurückgebracht …',
  'done.continue': 'Weiter zu {vendor}',
  'done.close': 'Sie können diesen Tab jetzt schließen.',
  'done.own': 'Zurück zu Ihren eigenen Werbekonten',
  'done.stay': 'Auf dieser Seite bleiben',
  'done.stopped': 'Automatische Weiterleitung angehalten. Fahren Sie fort, wenn Sie so weit sind.',
  'choose.title': 'Werbekonten auswählen',
  'choose.intro':
    'Ihre Anmeldung bei {platform} erreicht mehr als ein Werbekonto. Wählen Sie die Konten, die {vendor} verwalten darf; Sie können das später ändern.',
  'choose.legend': 'Werbekonten bei {platform} ({count})',
  'choose.filter': 'Nach Name oder ID filtern',
  'choose.filter_one': '{shown} von {total} Werbekonto angezeigt',
  'choose.filter_many': '{shown} von {total} Werbekonten angezeigt',
  'choose.account_id': 'ID {id}',
  'choose.submit': 'Ausgewählte Werbekonten verwenden',
  'choose.none': 'Wählen Sie mindestens ein Werbekonto.',
  'choose.changed':
    'Die Werbekonten, die Ihre Verbindung zu {platform} erreicht, haben sich geändert, seit diese Seite angezeigt wurde. Prüfen Sie Ihre Auswahl und senden Sie sie erneut.',
  'leave.title': 'Ohne Verbindung verlassen?',
  'leave.body':
    '{vendor} kann Ihre Anzeigen nur auf den Plattformen verwalten, die Sie verbinden. Sie können später mit einem neuen Link von {vendor} verbinden.',
  'leave.stay': 'Ein Werbekonto verbinden',
  'leave.confirm': 'Ohne Verbindung verlassen',
  'leave.close': 'Wenn Sie jetzt nichts verbinden möchten, können Sie diesen Tab schließen.',
  'error.title': 'Etwas ist schiefgelaufen',
  'error.link_used.title': 'Dieser Link wurde bereits verwendet',
  'error.link_used.body':
    'Zu Ihrer Sicherheit funktioniert ein Verbindungslink nur einmal. Bitten Sie {vendor} um einen neuen.',
  'error.link_revoked.title': 'Dieser Link wurde widerrufen',
  'error.link_revoked.body':
    '{vendor} hat diesen Verbindungslink widerrufen. Bitten Sie {vendor} um einen neuen.',
  'error.link_expired.title': 'Dieser Link ist abgelaufen',
  'error.link_expired.body': 'Verbindungslinks gelten nur kurze Zeit. Bitten Sie {vendor} um einen neuen.',
  'error.link_invalid.title': 'Dieser Link ist ungültig',
  'error.link_invalid.body':
    'Der Link ist unvollständig oder wurde verändert. Kopieren Sie den ganzen Link erneut oder bitten Sie um einen neuen.',
  'error.redirect_not_allowed.title': 'Dieser Link ist ungültig',
  'error.redirect_not_allowed.body':
    'Der Link führt zu einer Rücksprungadresse, die nicht erlaubt ist. Bitten Sie {vendor} um einen neuen Link.',
  'error.session_missing.title': 'Ihre Sitzung ist beendet',
  'error.session_missing.body':
    'Öffnen Sie den erhaltenen Verbindungslink erneut oder bitten Sie um einen neuen.',
  'error.oauth_denied.title': 'Verbindung abgebrochen',
  'error.oauth_denied.body': 'Sie haben den Zugriff auf {platform} nicht erlaubt. Es wurde nichts verbunden.',
  'error.oauth_failed.title': 'Die Verbindung hat nicht geklappt',
  'error.oauth_failed.body':
    '{platform} hat die Verbindung nicht abgeschlossen. Es wurde nichts gespeichert. Bitte versuchen Sie es erneut.',
  'error.oauth_state.title': 'Dieser Verbindungsversuch ist nicht mehr gültig',
  'error.oauth_state.body':
    'Er wurde bereits verwendet, ist abgelaufen oder wurde in einem anderen Browser gestartet. Bitte beginnen Sie erneut.',
  'error.no_accounts.title': 'Kein Werbekonto gefunden',
  'error.no_accounts.body':
    'Ihr {platform}-Login hat Zugriff auf kein Werbekonto. Melden Sie sich mit einem anderen Konto an und versuchen Sie es erneut.',
  'error.platform_unavailable.title': 'Plattform nicht verfügbar',
  'error.platform_unavailable.body': 'Diese Werbeplattform wird hier nicht angeboten.',
  'error.flow_replaced.title': 'Diese Seite ist veraltet',
  'error.flow_replaced.body':
    'Seit diese Seite angezeigt wurde, hat in diesem Browser ein anderer Verbindungsbesuch begonnen. Kehren Sie zum aktuellen Besuch zurück oder öffnen Sie Ihren Verbindungslink erneut.',
  'error.forbidden.title': 'Anfrage abgelehnt',
  'error.forbidden.body':
    'Diese Anfrage kam nicht von dieser Website. Bitte öffnen Sie Ihren Verbindungslink erneut.',
  'error.rate_limited.title': 'Zu viele Versuche',
  'error.rate_limited.body': 'Bitte warten Sie {seconds, number} Sekunden und versuchen Sie es erneut.',
  'error.not_found.title': 'Seite nicht gefunden',
  'error.not_found.body': 'Unter dieser Adresse gibt es nichts.',
  'error.unavailable.title': 'Vorübergehend nicht verfügbar',
  'error.unavailable.body':
    'Wir konnten Ihre Anfrage nicht abschließen. Bitte versuchen Sie es gleich noch einmal.',
  'error.internal.body':
    'Ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es erneut. Referenz: {request_id}',
  'error.try_again': 'Erneut versuchen',
  'error.back': 'Zurück zu Ihren Verbindungen',
  'sandbox.title': '{app} erlauben, Ihre Anzeigen zu verwalten?',
  'sandbox.brand': 'Sandbox Ads',
  'sandbox.badge': 'Testplattform',
  'sandbox.intro': '{app} bittet um Zugriff auf die Werbekonten, die Sie unten auswählen.',
  'sandbox.signed_in_as': 'Angemeldet als {user}',
  'sandbox.test_user': 'Testnutzer',
  'sandbox.choose': 'Werbekonten zum Freigeben wählen',
  'sandbox.scopes': 'Angefragter Zugriff: {scopes}',
  'sandbox.allow': 'Erlauben',
  'sandbox.deny': 'Ablehnen',
  'sandbox.footer':
    'Sandbox Ads ist eine in adlink eingebaute Test-Werbeplattform. Ihre Konten, Kampagnen und Zahlen sind erfunden.',
  'sandbox.error.title': 'Autorisierungsanfrage abgelehnt',
  'sandbox.account_id': 'ID {id}',
  'sandbox.scope.ads_read': 'Ihre Werbekonten, Kampagnen, Anzeigengruppen und Anzeigen sehen',
  'sandbox.scope.ads_management': 'Ihre Anzeigengruppen anlegen, ändern und löschen',
  'sandbox.error.no_account': 'Wählen Sie mindestens ein Werbekonto oder „Ablehnen“.',
  'sandbox.error.foreign_account': 'Wählen Sie nur unter den hier aufgeführten Werbekonten.',
  'sandbox.error.unknown_client':
    'Die Anwendung, die um Zugriff bittet, ist bei Sandbox Ads nicht registriert.',
  'sandbox.error.redirect_uri':
    'Die Rücksprungadresse dieser Anfrage ist für diese Anwendung nicht registriert.',
  'sandbox.error.repeated':
    'Die Anfrage enthält einen Parameter mehrfach. Beginnen Sie erneut in der Anwendung.',
  'sandbox.error.request_used':
    'Diese Autorisierungsanfrage ist abgelaufen oder wurde bereits beantwortet. Beginnen Sie erneut in der Anwendung.',
  'sandbox.error.invalid_form':
    'Das Formular war unvollständig oder wurde verändert. Beginnen Sie erneut in der Anwendung.',
  'sandbox.error.internal': 'Auf unserer Seite ist etwas schiefgelaufen. Bitte versuchen Sie es erneut.',
  'sandbox.error.unavailable':
    'Sandbox Ads ist vorübergehend nicht verfügbar. Bitte versuchen Sie es gleich noch einmal.',
  // The vendor's integration pages: access tokens on a customer's page.
  'integrations.customers.tokens.title': 'Zugriffstoken',
  'integrations.customers.tokens.intro':
    'Token, die nur für diesen Kunden handeln, lesend oder auch schreibend; Ihre Server erstellen sie mit POST /customers/:id/access_tokens und sehen jedes nur dabei. Widerrufene und abgelaufene Token werden nicht aufgeführt.',
  'integrations.customers.tokens.none': 'Dieser Kunde hat kein gültiges Zugriffstoken.',
  'integrations.customers.tokens.caption': 'Gültige Zugriffstoken dieses Kunden, neueste zuerst',
  'integrations.customers.tokens.col.token': 'Token',
  'integrations.customers.tokens.col.scope': 'Umfang',
  'integrations.customers.tokens.col.created': 'Erstellt',
  'integrations.customers.tokens.col.expires': 'Läuft ab',
  'integrations.customers.tokens.col.last_used': 'Zuletzt verwendet',
  'integrations.customers.tokens.col.actions': 'Aktionen',
  'integrations.customers.tokens.scope.read': 'Lesen',
  'integrations.customers.tokens.scope.write': 'Lesen und schreiben',
  'integrations.customers.tokens.never': 'Nie',
  'integrations.customers.tokens.revoke': 'Widerrufen',
  'integrations.customers.tokens.revoke_label': 'Zugriffstoken {prefix}… widerrufen',
  'integrations.customers.tokens.pages': 'Seiten der Zugriffstoken',
  'integrations.customers.tokens.older': 'Ältere Zugriffstoken',
  'integrations.customers.tokens.newest': 'Neueste Zugriffstoken',
  'integrations.customers.tokens.revoked':
    'Zugriffstoken {prefix}… ist widerrufen. Anfragen damit schlagen jetzt fehl.',
  'integrations.customers.tokens.confirm.title': 'Zugriffstoken {prefix}… widerrufen?',
  'integrations.customers.tokens.confirm.body':
    'Anfragen damit schlagen sofort fehl. Wer es besitzt, kann nicht mehr für {customer} handeln.',
  'integrations.customers.tokens.confirm.cancel': 'Abbrechen',
} satisfies Translation;
