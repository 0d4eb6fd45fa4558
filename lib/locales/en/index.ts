// The whole en dictionary: one namespace per file, so features keep their texts apart.
import account from './account';
import auth from './auth';
import common from './common';
import contact from './contact';
import content from './content';
import errors from './errors';
import home from './home';
import invest from './invest';
import investor from './investor';
import language from './language';
import layout from './layout';
import maintenance from './maintenance';
import offer from './offer';
import offers from './offers';
import pages from './pages';
import paypal from './paypal';
import protection from './protection';

export default { account, auth, common, contact, content, errors, home, invest, investor, language, layout, maintenance, offer, offers, pages, paypal, protection };
