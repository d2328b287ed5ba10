# Holidays. A value is a base, then modifiers (see Operators.parseHoliday):
#   MM-DD (fixed), easter±N / orthodox±N (days from Easter), nth:MONTH:N:WEEKDAY[±D] (Nth ISO
#   weekday of a month, N < 0 from the end, plus D days), hebrew:MM-DD / islamic:MM-DD /
#   chinese:MM-DD (a day of that calendar's month), vague:YYYY-MM-DD (a 365-day year with no
#   leap days, given by one occurrence); computed from the Sun and the Moon (HinduCalendar.swift):
#   hindu:MONTH:TITHI[:TIME][:later][±D] (a tithi 1–30 of an amanta month chaitra … phalguna,
#   kept on the day the tithi holds at TIME: sunrise (default), morning, forenoon, noon,
#   afternoon, sunset, evening, midnight, moonrise; the first such day, or the second with
#   `later`), sankranti:SIGN[:day][±D] (the day the Sun enters a sidereal sign aries … pisces;
#   the next day when after sunset, unless `day`), nakshatra:N:SIGN[:FROM][±D] (the first day
#   from day FROM of the solar month of SIGN whose sunrise is in nakshatra N, 1 = Ashwini);
#   sat-1 / sun+1 … (moved when it falls on that weekday), eve (kept from the evening before),
#   days:N (lasts N days), to:BASE (lasts until that day, inclusive), avoid:BASE:±N (moved N
#   days when it falls on BASE), at:HH:MM for:MIN (a time of day, lasting MIN minutes);
#   sun:LONGITUDE (the day, in UT, the Sun reaches that ecliptic longitude: 90 the June solstice).
# Several bases joined by commas (BASE,BASE) name whichever of those days comes next.
# Days some places keep on another date follow the default after `;`: PLACES: VALUE, where a
# place is a country code (GB) or a zone (Australia/Perth, for one state's day). The user's
# zone picks: its own entry, else its country's (the locale's region for UTC and the like).

[holiday-word]
christmas | xmas | christmas day | xmas day | x-mas = 12-25
christmas eve | xmas eve = 12-24
boxing day | st stephen's day | st. stephen's day | saint stephen's day | st stephens day = 12-26
new year's eve | new years eve | new year eve | nye = 12-31
new year's day | new years day | new year's | new years | new year = 01-01
valentine's day | valentines day | valentine day | valentine's | valentines = 02-14
st patrick's day | st. patrick's day | saint patrick's day | saint patricks day | st paddy's day | st patricks day | st paddys day | saint paddy's day | saint paddys day | st. paddy's day | st patty's day | st pattys day | st. patty's day | saint patty's day | paddy's day | paddys day | patrick's day | st patrick's | st. patrick's | st paddy's | st. paddy's | st patty's | st. patty's = 03-17
halloween | hallowe'en = 10-31
all saints day | all saints' day = 11-01
veterans day | veteran's day = 11-11
fourth of july = 07-04
# Independence Day where the user is: the US's by default.
# Republic Day where the user is: India's by default.
republic day = 01-26 ; IT: 06-02 ; TR: 10-29
independence day = 07-04 ; IN: 08-15 ; PK: 08-14 ; PH: 06-12 ; NG: 10-01 ; GH: 03-06 ; KE: 12-12 ; MX: 09-16 ; BR: 09-07 ; LK: 02-04 ; BD: 03-26 ; JM: 08-06
# South Africa's public holidays named for a cause; Women's Day elsewhere is 8 March.
women's day | womens day = 03-08 ; ZA: 08-09
international women's day | international womens day | iwd = 03-08
national women's day = 08-09
heritage day = 09-24
youth day = 06-16
freedom day = 04-27
day of reconciliation = 12-16
earth day = 04-22
# More days of the English-speaking calendars (US, Canada, UK, Ireland, Australia, New Zealand).
juneteenth | juneteenth day = 06-19
cinco de mayo = 05-05
groundhog day | groundhog's day = 02-02
flag day = 06-14
april fools day | april fools' day | april fool's day | april fools = 04-01
pi day = 03-14
may day = 05-01
election day = nth:11:1:1+1
patriots day | patriots' day | patriot's day = nth:4:3:1
# Patriot Day (one patriot): the US day of remembrance of 11 September 2001.
patriot day = 09-11
# US Tax Day: 15 April, or the Monday after when it falls on a weekend.
tax day = 04-15 sat+2 sun+1
kwanzaa = 12-26 days:7
canada day = 07-01
victoria day = 05-25 prev:mon
canadian thanksgiving = nth:10:2:1
remembrance day | armistice day = 11-11
remembrance sunday = nth:11:2:7
guy fawkes night | guy fawkes day | bonfire night = 11-05
burns night = 01-25
st andrew's day | st. andrew's day | saint andrew's day | st andrews day = 11-30
st david's day | st. david's day | saint david's day | st davids day = 03-01
st george's day | st. george's day | saint george's day | st georges day = 04-23
early may bank holiday = nth:5:1:1
spring bank holiday = nth:5:-1:1
# Ireland's (and Scotland's) August bank holiday is the first Monday; England's the last.
summer bank holiday | august bank holiday = nth:8:-1:1 ; IE: nth:8:1:1
may bank holiday | may day bank holiday = nth:5:1:1
# Ireland's June and October bank holidays: the first Monday of June, the last of October.
june bank holiday = nth:6:1:1
october bank holiday = nth:10:-1:1
# The next bank holiday Monday: England and Wales's (Easter Monday, the first and last Mondays
# of May, the last of August), or Ireland's (February, Easter, May, June, August, October).
bank holiday monday | bank holiday mon | bank hol monday = easter+1,nth:5:1:1,nth:5:-1:1,nth:8:-1:1 ; IE: nth:2:1:1,easter+1,nth:5:1:1,nth:6:1:1,nth:8:1:1,nth:10:-1:1
# St Brigid's Day (1 February; Ireland's bank holiday is the first Monday of February).
st brigid's day | st. brigid's day | saint brigid's day | st brigids day = 02-01
australia day = 01-26
anzac day = 04-25
waitangi day = 02-06
bastille day = 07-14
world vegan day = 11-01
# National Boss's Day is observed on the nearest weekday.
boss's day | bosses day | boss day | boss's | national boss day = 10-16 sat-1 sun+1
# Canada gives thanks on the second Monday of October.
thanksgiving | thanksgiving day | thxgiving | thanksgivin = nth:11:4:4 ; CA: nth:10:2:1
black friday = nth:11:4:4+1
cyber monday = nth:11:4:4+4
memorial day = nth:5:-1:1
# Labour Day: New Zealand's is the fourth Monday of October; Australia's is set by each state
# (Victoria and Tasmania's Eight Hours Day the second Monday of March, Western Australia's
# the first; Queensland and the Northern Territory's May Day the first Monday of May; New
# South Wales, the ACT and South Australia the first Monday of October).
labor day | labour day = nth:9:1:1 ; NZ: nth:10:4:1 ; Australia/Melbourne Australia/Hobart: nth:3:2:1 ; Australia/Perth: nth:3:1:1 ; Australia/Brisbane Australia/Darwin: nth:5:1:1 ; Australia/Sydney Australia/Adelaide Australia/Broken_Hill: nth:10:1:1
eight hours day = nth:3:2:1
mlk day | mlk jr. day | mlk jr day | martin luther king day | martin luther king jr. day | martin luther king junior day | martin luther king's day | martin luther kings day | martin luther king jr day | civil rights day = nth:1:3:1
presidents day | presidents' day | president's day | washington's birthday = nth:2:3:1
columbus day | indigenous peoples day = nth:10:2:1
# The UK's and Ireland's Mother's Day is Mothering Sunday: the fourth Sunday of Lent, three weeks
# before Easter. Australia and New Zealand keep Father's Day on the first Sunday of September.
mother's day | mothers day | mother day = nth:5:2:7 ; GB IE: easter-21
mothering sunday = easter-21
father's day | fathers day | father day = nth:6:3:7 ; AU NZ: nth:9:1:7
# Australia: the first Tuesday of November (a public holiday in Melbourne).
melbourne cup day | melbourne cup = nth:11:1:2
easter | easter sunday | easter day = easter
easter monday | easter mon = easter+1
# The Easter long weekend: Good Friday to Easter Monday, both holidays where the weekend is
# named so (the UK, Ireland, Australia, New Zealand); elsewhere "Easter weekend" is its
# Saturday and Sunday.
easter long weekend | easter bank holiday weekend | easter bank holiday = easter-2 to:easter+1
easter weekend = easter-1 to:easter ; GB IE AU NZ: easter-2 to:easter+1
good friday | great friday = easter-2
holy saturday = easter-1
maundy thursday | holy thursday | covenant thursday | covenant thu | thu of mysteries | thursday of mysteries = easter-3
palm sunday | branch sunday = easter-7
ash wednesday = easter-46
mardi gras | shrove tuesday | pancake day | pancake tuesday = easter-47
ascension day | ascension = easter+39
pentecost | whit sunday | whitsunday | white sunday = easter+49
whit monday | whitmonday | monday of the holy spirit = easter+50
trinity sunday = easter+56
corpus christi = easter+60
orthodox easter | orthodox easter sunday = orthodox
orthodox good friday | orthodox great friday = orthodox-2
orthodox shrove monday | clean monday = orthodox-48
lazarus saturday = orthodox-8
# Lent: Ash Wednesday to Holy Saturday; the Orthodox Great Lent: Clean Monday to the Friday
# before Lazarus Saturday.
lent = easter-46 to:easter-1
great lent | great fast = orthodox-48 to:orthodox-9

# The Dutch King's Day (27 April; the 26th when the 27th is a Sunday).
king's day | kings day | koningsdag = 04-27 sun-1
# Parsi New Year (Shahenshahi calendar: 365 days, no leap years, so it moves a day earlier every
# four years).
parsi new year | jamshedi navroz | jamshedi nowruz | navroz | nowruz parsi = vague:2018-08-17

# Chinese lunar new year.
chinese new year | chinese new year's day | chinese new years | chinese lunar new year | chinese lunar new year's day | lunar new year | spring festival = chinese:01-01

# Jewish holidays, from the evening they begin (the Hebrew day starts at sunset). Months:
# 1 Tishri, 3 Kislev, 5 Shevat, 7 Adar (Adar II in leap years), 8 Nisan, 9 Iyar, 10 Sivan, 12 Av.
rosh hashanah | rosh hashana | rosh hashanna | rosh ha-shanah | jewish new year = hebrew:01-01 eve days:3
yom kippur = hebrew:01-10 eve
sukkot | succot | succos | sukkos | feast of tabernacles | feast of the ingathering | feast of booths = hebrew:01-15 eve days:9
shemini atzeret = hebrew:01-22 eve
simchat torah | simchas torah = hebrew:01-23 eve
hanukkah | chanukah | hanukah | hannukah | hannukkah | chanukkah = hebrew:03-25 eve days:8
tu bishvat | tu b'shvat | tu bishevat = hebrew:05-15 eve
purim = hebrew:07-14 eve
shushan purim = hebrew:07-15 eve
passover | pesach = hebrew:08-15 eve days:9
# Yom HaShoah moves off Friday and Sunday; Yom HaAtzmaut off Friday, Saturday and Monday.
yom hashoah | yom ha'shoah | holocaust day | holocaust remembrance day = hebrew:08-27 fri-1 sun+1 eve
yom haatzmaut | yom ha'atzmaut | israel independence day = hebrew:09-05 fri-1 sat-2 mon+1 eve
lag b'omer | lag baomer | lag ba'omer = hebrew:09-18 eve
shavuot | shavuos | shavuoth = hebrew:10-06 eve days:3
# Tisha B'Av moves to Sunday when it falls on the Sabbath.
tisha b'av | tisha bav | tisha b'ab = hebrew:12-09 sat+1 eve

# Islamic holidays (Umm al-Qura calendar). Months: 1 Muharram, 3 Rabi al-Awwal, 7 Rajab,
# 9 Ramadan, 10 Shawwal, 12 Dhu al-Hijjah.
islamic new year | hijri new year | muharram | amun jadid | al-hijra | arabic new year = islamic:01-01
ashura | day of ashura = islamic:01-10
mawlid | mawlid al-nabawi | mawlid an-nabi | milad un nabi | prophet's birthday | the prophet's birthday = islamic:03-12
isra and mi'raj | isra and miraj | isra mi'raj | the prophet's ascension | prophet's ascension | the night journey | night journey | ascension to heaven = islamic:07-27
# Ramadan lasts until the eve of Eid al-Fitr (29 or 30 days).
ramadan | ramadhan | ramzan = islamic:09-01 to:islamic:10-01-1
# Jumu'atul-Wida: the last Friday of Ramadan (the last before Eid al-Fitr).
jamat ul-vida | jamat ul vida | jumu'atul-wida | jumu'atul wida | jummat ul wida = islamic:10-01 prev:fri
laylat al-qadr | laylat al qadr | laylat al kadr | laylat al-kadr | night of power | night of measures | night of decree = islamic:09-27
eid al-fitr | eid al fitr | eid ul-fitr | eid ul fitr | id ul-fitr | eid-ul-fitr = islamic:10-01
eid al-adha | eid al adha | eid ul-adha | id ul-adha | eid ul adha | bakr id | bakrid | bakr-id | sacrifice feast | feast of the sacrifice = islamic:12-10

# Hindu, Sikh, Jain and Buddhist festivals of the lunisolar calendar. Months are amanta (new moon
# to new moon): 1 Chaitra, 2 Vaishakha, 4 Ashadha, 5 Shravana, 6 Bhadrapada, 7 Ashvin, 8 Kartika,
# 10 Pausha, 11 Magha, 12 Phalguna; tithis 1–15 are the bright half (15 = Purnima, full moon),
# 16–30 the dark half (30 = Amavasya, new moon). North-Indian (purnimanta) calendars name the dark
# half after the next month: Diwali, amanta Ashvin 30, is their Kartika Amavasya.
# Diwali's five days: Dhanteras and Lakshmi Puja in the evening (pradosh), Naraka Chaturdashi
# (Kali Chaudas) at midnight, Bhai Dooj in the afternoon (aparahna).
dhanteras | dhanatrayodashi | dhanvantari trayodashi | dhan teras = hindu:ashvin:28:evening
naraka chaturdashi | narak chaturdashi | naraka nivaran chaturdashi | kali chaudas | roop chaudas | choti diwali | chhoti diwali = hindu:ashvin:29:midnight
diwali | deepavali | divali | dipavali | lakshmi puja | laxmi puja = hindu:ashvin:30:evening
govardhan puja | annakut | annakoot = hindu:kartika:1
bhai dooj | bhaiya dooj | bhai duj | bhau beej | bhau-beej | bhai tika | bhai phonta = hindu:kartika:2:afternoon:later
# Chhath's main day, Shashthi, with the evening offering to the setting Sun.
chhath | chhathi | chhath puja | chhath parv | dala puja | dala chhath | surya shashthi = hindu:kartika:6:sunset
# Vijayadashami: the Dashami of the afternoon (the later day when it touches two); Navaratri is
# the nine days before it and the day itself (tithis can be skipped or repeated in between).
dussehra | dusshera | dussera | dasara | vijayadashami | vijaya dashami = hindu:ashvin:10:afternoon:later
navaratri | navratri | navarathri | durga puja | durgotsava = hindu:ashvin:10:afternoon:later-9 to:hindu:ashvin:10:afternoon:later
maha saptami = hindu:ashvin:7
durga ashtami | maha ashtami | mahashtami = hindu:ashvin:8
maha navami = hindu:ashvin:9
# The fourth day of the dark half, at moonrise.
karva chauth | karwa chauth | karaka chaturthi = hindu:ashvin:19:moonrise
ratha yatra | ratha-yatra | rath yatra | rath-yatra = hindu:ashadha:2
# A Purnima that ends within the morning leaves Raksha Bandhan on the day before.
raksha bandhan | rakshabandhan | rakhi = hindu:shravana:15:morning
krishna janmashtami | janmashtami | gokulashtami | krishna jayanti = hindu:shravana:23:midnight:later
ganesh chaturthi | ganesha chaturthi | vinayaka chaturthi | vinayak chaturthi = hindu:bhadrapada:4:noon
valmiki jayanti | maharishi valmiki jayanti | pargat diwas = hindu:ashvin:15
guru nanak jayanti | guru nanak gurpurab | guru nanak's birthday | guru nanak birthday = hindu:kartika:15
guru gobind singh jayanti | guru gobind singh birthday | guru govind singh jayanti | guru govind singh birthday = hindu:pausha:7
# Dayananda Saraswati Jayanti (the dark-half Dashami of amanta Magha).
saraswati jayanti | dayananda saraswati jayanti | swami dayananda saraswati jayanti | maharishi dayananda saraswati jayanti = hindu:magha:25
vasant panchami | basant panchami = hindu:magha:5:forenoon
guru ravidas jayanti | guru ravidass jayanti | guru ravidas birthday | guru ravidass birthday | ravidas jayanti = hindu:magha:15
maha shivaratri | mahashivaratri | maha shivratri | mahashivratri = hindu:magha:29:midnight
# Holika Dahan on the evening of the Phalguna Purnima (the later evening when both hold it),
# Holi the day after.
holika dahan | chhoti holi | choti holi | kamudu pyre = hindu:phalguna:15:evening:later
holi | rangwali holi | dhulandi | dhuleti | phagwah = hindu:phalguna:15:evening:later+1
ugadi | yugadi | gudi padwa | samvatsaradi | chaitra sukladi | chaitra sukhladi = hindu:chaitra:1
rama navami | ram navami = hindu:chaitra:9:noon
mahavir jayanti | mahaveer jayanti | mahavir janma kalyanak | mahaveer janma kalyanak = hindu:chaitra:13
hanuman jayanti = hindu:chaitra:15
akshaya tritiya | akha teej = hindu:vaishakha:3
# Vesak as Singapore, Malaysia and Indonesia keep it: the 15th of the fourth Chinese month
# (their published dates 2013–2030 all agree). India's Buddha Purnima is the full moon of
# Vaishakha by the sunrise rule (the Government of India's dates agree), which can be the day
# after: 24 and 25 May 2013.
vesak | vesakha | vaisakha | vesak day | buddha day = chinese:04-15
buddha purnima | buddha jayanti = hindu:vaishakha:15

# Solar festivals: the Sun entering Capricorn (Makar Sankranti, Thai Pongal) and Aries
# (Vaisakhi, the solar new year); Rabindra Jayanti is 25 Boishakh, the Bengali month counted
# from the day after Mesha Sankranti. Vaisakhi is the day of the sankranti itself, even after sunset.
makar sankranti | makara sankranti | makar sankranthi | makara sankranthi | magha sankranti | sankranti | pongal | thai pongal | pongal pandigai | maghi = sankranti:capricorn
lohri | bhogi | boghi | bogi | bogi pandigai | bhogi pandigai = sankranti:capricorn-1
mattu pongal | maattu pongal = sankranti:capricorn+1
kaanum pongal | kanni pongal = sankranti:capricorn+2
vaisakhi | baisakhi | vasakhi | vaishakhi | vaisakhadi | mesadi | mesha sankranti = sankranti:aries:day
rabindra jayanti | rabindranath jayanti = sankranti:aries:day+25
# Onam: the day of the Thiruvonam (Shravana, 22nd) nakshatra in Chingam, the solar month of Leo;
# one in Chingam's first four days gives way to the next (the ten days from Atham lead up to it).
onam | thiruvonam | thiru onam = nakshatra:22:leo:5

# Global Youth Service Day: the last weekend of April, Friday to Sunday (organisers set it each
# year; this is the usual pattern).
global youth service day | gysd = nth:4:-1:5 days:3
# Earth Hour: 20:30–21:30 on the last Saturday of March, a week earlier when that is Holy Saturday.
earth hour = nth:3:-1:6 avoid:easter-1:-7 at:20:30 for:60

# Solstices and equinoxes, from the Sun's longitude (Astronomy.swift). "Summer" and "winter"
# name the northern hemisphere's, as the seasons do (seasons.lex).
june solstice | summer solstice | litha = sun:90
december solstice | winter solstice = sun:270
march equinox | spring equinox | vernal equinox | ostara = sun:0
september equinox | autumn equinox | autumnal equinox | fall equinox | mabon = sun:180
