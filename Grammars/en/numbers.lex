# Numbers in words. Values are plain numbers; rules in numbers.rules combine them
# ("twenty-one" = twenty + one).

[number-word]
zero | nil = 0
one = 1
two = 2
three = 3
four = 4
five = 5
six = 6
seven = 7
eight = 8
nine = 9
ten = 10
eleven = 11
twelve = 12
thirteen = 13
fourteen = 14
fifteen = 15
sixteen = 16
seventeen = 17
eighteen = 18
nineteen = 19
twenty = 20
thirty = 30
forty | fourty = 40
fifty = 50
sixty = 60
seventy = 70
eighty = 80
ninety = 90

# Vague quantities: amounts ("a couple of hours"), never hours of the clock ("at a few").
[quantity-word]
a couple of | a couple | couple of | a pair of = 2
a few | few = 3
several = 3

# Units that may follow a tens word ("twenty-one", "thirty five").
[unit-word]
one = 1
two = 2
three = 3
four = 4
five = 5
six = 6
seven = 7
eight = 8
nine = 9

[tens-word]
twenty = 20
thirty = 30
forty | fourty = 40
fifty = 50

[ordinal-word]
first = 1
second = 2
third = 3
fourth = 4
fifth = 5
sixth = 6
seventh = 7
eighth = 8
ninth = 9
tenth = 10
eleventh = 11
twelfth = 12
thirteenth = 13
fourteenth = 14
fifteenth = 15
sixteenth = 16
seventeenth = 17
eighteenth = 18
nineteenth = 19
twentieth = 20
thirtieth = 30

# Ordinal suffixes written after digits: 1st, 22nd, 3rd, 15th.
[ordinal-suffix]
st | nd | rd | th

# Ordinals of units after a tens word: twenty-first.
[unit-ordinal-word]
first = 1
second = 2
third = 3
fourth = 4
fifth = 5
sixth = 6
seventh = 7
eighth = 8
ninth = 9

# "a week", "an hour": the article counts one.
[article]
a | an | one = 1
